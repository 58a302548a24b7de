//! The app's icons: one family (Lucide, ISC licence, <https://lucide.dev>; path
//! data copied from `lucide-icons/lucide` `icons/*.svg`, its circles, rects and
//! lines written as paths), drawn inline as SVG in the current text colour
//! (the stroke style is Lucide's, set once in CSS on `.icon`).
//!
//! An icon is decoration: the svg is `aria-hidden` and never focusable, so the
//! button around it must carry the name (`aria-label`) and the tooltip (`title`).
//! Lucide's licence: "Permission to use, copy, modify, and/or distribute this
//! software for any purpose with or without fee is hereby granted, provided that
//! the above copyright notice and this permission notice appear in all copies."
//! (Copyright (c) for portions of Lucide are held by Cole Bemis 2013-2022 as part
//! of Feather (MIT). All other copyright (c) for Lucide are held by Lucide
//! Contributors 2022.)

use leptos::prelude::*;

/// The icons Hearth draws, each named after its Lucide icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IconName {
    /// `menu`: the sidebar toggle.
    Menu,
    /// `ellipsis`: a menu of more actions.
    Ellipsis,
    /// `bot`: agents.
    Bot,
    /// `wrench`: tools.
    Wrench,
    /// `settings`: settings.
    Settings,
    /// `copy`: copy to the clipboard.
    Copy,
    /// `refresh-cw`: regenerate.
    Refresh,
    /// `download`: save as a file.
    Download,
    /// `pencil`: rename.
    Pencil,
    /// `pin`: pin or unpin.
    Pin,
    /// `trash-2`: delete.
    Trash,
    /// `x`: close.
    Close,
    /// `plus`: new.
    Plus,
    /// `paperclip`: attach a file.
    Paperclip,
    /// `camera`: take a photo to attach.
    Camera,
    /// `cpu`: the model.
    Cpu,
    /// `square-slash`: an MCP server's prompts and resources.
    SquareSlash,
    /// `mic`: dictate.
    Mic,
    /// `volume-2`: read aloud.
    Volume,
    /// `key`: the Providers button (accounts and their keys).
    Key,
    /// `arrow-up`: Send, on a phone.
    ArrowUp,
    /// `git-branch`: a conversation's branches, on a phone.
    GitBranch,
    /// `layers`: the export with every version, on a phone.
    Layers,
    /// `book-open`: knowledge bases.
    BookOpen,
}

impl IconName {
    /// The icon's path data on Lucide's 24 × 24 grid.
    fn path(self) -> &'static str {
        match self {
            Self::Menu => "M4 12h16 M4 6h16 M4 18h16",
            Self::Ellipsis => {
                "M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0 M18 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0 M4 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0"
            }
            Self::SquareSlash => "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z M9 15l6-6",
            Self::Cpu => {
                "M6 4h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z M9 9h6v6H9z M9 2v2 M15 2v2 M9 20v2 M15 20v2 M20 9h2 M20 14h2 M2 9h2 M2 14h2"
            }
            Self::Bot => {
                "M5 11h14a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2z M10 5a2 2 0 1 0 4 0a2 2 0 1 0-4 0 M12 7v4 M8 16h.01 M16 16h.01"
            }
            Self::Wrench => {
                "M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.106-3.105c.32-.322.863-.22.983.218a6 6 0 0 1-8.259 7.057l-7.91 7.91a1 1 0 0 1-2.999-3l7.91-7.91a6 6 0 0 1 7.057-8.259c.438.12.54.662.219.984z"
            }
            Self::Settings => {
                "M12.22 2h-.44a2 2 0 00-2 2v.18a2 2 0 01-1 1.73l-.43.25a2 2 0 01-2 0l-.15-.08a2 2 0 00-2.73.73l-.22.38a2 2 0 00.73 2.73l.15.1a2 2 0 011 1.72v.51a2 2 0 01-1 1.74l-.15.09a2 2 0 00-.73 2.73l.22.38a2 2 0 002.73.73l.15-.08a2 2 0 012 0l.43.25a2 2 0 011 1.73V20a2 2 0 002 2h.44a2 2 0 002-2v-.18a2 2 0 011-1.73l.43-.25a2 2 0 012 0l.15.08a2 2 0 002.73-.73l.22-.39a2 2 0 00-.73-2.73l-.15-.08a2 2 0 01-1-1.74v-.5a2 2 0 011-1.74l.15-.09a2 2 0 00.73-2.73l-.22-.38a2 2 0 00-2.73-.73l-.15.08a2 2 0 01-2 0l-.43-.25a2 2 0 01-1-1.73V4a2 2 0 00-2-2z M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0"
            }
            Self::Copy => {
                "M10 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2z M4 16a2.006 2.006 0 0 1-2-2V4a2.006 2.006 0 0 1 2-2h10a2.006 2.006 0 0 1 2 2"
            }
            Self::Refresh => "M23 4v6h-6 M1 20v-6h6 M3.51 9a9 9 0 0114.85-3.36L23 10M1 14l4.64 4.36A9 9 0 0020.49 15",
            Self::Download => "M12 15V3 M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4 M7 10l5 5 5-5",
            Self::Pencil => "M18 2l4 4 M7.5 20.5 19 9l-4-4L3.5 16.5 2 22z",
            Self::Pin => {
                "M12 17v5 M5 17h14v-1.76a2 2 0 0 0-1.11-1.79l-1.78-.9A2 2 0 0 1 15 10.76V6h1a2 2 0 0 0 0-4H8a2 2 0 0 0 0 4h1v4.76a2 2 0 0 1-1.11 1.79l-1.78.9A2 2 0 0 0 5 15.24Z"
            }
            Self::Trash => {
                "M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6 M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2 M10 11v6 M14 11v6 M3 6h18"
            }
            Self::Close => "M18 6 6 18 M6 6l12 12",
            Self::Mic => "M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3z M19 10v2a7 7 0 0 1-14 0v-2 M12 19v3",
            Self::Volume => {
                "M11 4.7a.7.7 0 0 0-1.2-.5L6.4 7.6a1.4 1.4 0 0 1-1 .4H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.4a1.4 1.4 0 0 1 1 .4l3.4 3.4a.7.7 0 0 0 1.2-.5z M16 9a5 5 0 0 1 0 6 M19.4 18.4a9 9 0 0 0 0-12.8"
            }
            Self::Plus => "M5 12h14 M12 5v14",
            Self::ArrowUp => "m5 12 7-7 7 7 M12 19V5",
            Self::GitBranch => {
                "M6 3v12 M15 6a3 3 0 1 0 6 0a3 3 0 1 0-6 0 M3 18a3 3 0 1 0 6 0a3 3 0 1 0-6 0 M18 9a9 9 0 0 1-9 9"
            }
            Self::BookOpen => {
                "M12 7v14 M3 18a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h5a4 4 0 0 1 4 4 4 4 0 0 1 4-4h5a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-6a3 3 0 0 0-3 3 3 3 0 0 0-3-3z"
            }
            Self::Layers => {
                "M12.83 2.18a2 2 0 0 0-1.66 0L2.6 6.08a1 1 0 0 0 0 1.83l8.58 3.91a2 2 0 0 0 1.66 0l8.58-3.9a1 1 0 0 0 0-1.83z M2 12l8.58 3.91a2 2 0 0 0 1.66 0L22 12 M2 17l8.58 3.91a2 2 0 0 0 1.66 0L22 17"
            }
            Self::Key => {
                "m15.5 7.5 2.3 2.3a1 1 0 0 0 1.4 0l2.1-2.1a1 1 0 0 0 0-1.4L19 4 M21 2l-9.6 9.6 M2 15.5a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0-11 0"
            }
            Self::Camera => {
                "M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3z M9 13a3 3 0 1 0 6 0a3 3 0 1 0-6 0"
            }
            Self::Paperclip => {
                "m16 6-8.414 8.586a2 2 0 0 0 2.829 2.829l8.414-8.586a4 4 0 1 0-5.657-5.657l-8.379 8.551a6 6 0 1 0 8.485 8.485l8.379-8.551"
            }
        }
    }
}

/// An icon (its size and stroke are set in CSS, `.icon`), hidden from assistive technology.
///
/// Its view is type-erased (`AnyView`), so the svg's rendering code is in the
/// bundle once rather than again inside every view that shows an icon.
#[component]
pub(crate) fn Icon(
    /// Which icon.
    name: IconName,
) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d=name.path() />
        </svg>
    }
    .into_any()
}
