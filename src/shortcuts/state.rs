//! Keyboard shortcuts: one `keydown` listener on the window, which maps a key to
//! an [`Action`] and does it with the contexts' own operations (the same as the
//! buttons: New chat, Stop, Regenerate, Copy…).
//!
//! The keys are chosen to collide with neither the browsers nor the screen
//! readers (see the report of issue 16 for the sources):
//! - the actions are **Alt+Shift+letter** (Option+Shift on a Mac). Chromium and
//!   Firefox bind Ctrl+Shift+letter and Alt+letter widely (devtools, windows,
//!   menus, Alt+D), but on Alt+Shift only Chromium's Shift+Alt+T (toolbar),
//!   Shift+Alt+B (bookmarks bar), Shift+Alt+I (feedback) and Firefox's
//!   `accesskey`s (Hearth declares none); NVDA and JAWS use Insert or Caps Lock,
//!   VoiceOver Control+Option, none Alt+Shift. Letters of the browsers' menus
//!   (F, E, V, S, B, T, H) and A, D, I are left out too: the actions use
//!   N, M, K, X, R, C, L, O and U (dictate: "utter").
//! - the help is `?` outside text fields (a printable key, so screen readers in
//!   browse mode keep it for themselves unless passed through) and Ctrl+/
//!   anywhere.
//!
//! While a modal dialog is open no shortcut acts: the dialog has the keyboard.
//! `?` is the one shortcut of a single character: the help dialog can turn it
//! off (WCAG 2.1.4, Character Key Shortcuts), stored as the setting
//! [`QUESTION_MARK`]; Ctrl+/ stays.

use leptos::ev;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};

use crate::chat::state::{ChatContext, EntryKind};
use crate::i18n::tr;
use crate::io::clipboard::copy_text;
use crate::io::frame::on_next_frame;
use crate::io::timer::sleep;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;
use crate::voice::state::VoiceContext;

/// Setting key: whether `?` outside text fields opens the help (on unless set to `false`).
pub(crate) const QUESTION_MARK: &str = "shortcut_question_mark";

/// What a shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// Show the list of shortcuts.
    Help,
    /// Start a new conversation and put the cursor in the message box.
    NewChat,
    /// Put the cursor in the message box.
    FocusComposer,
    /// Put the cursor in "Search conversations" (opening the sidebar).
    Search,
    /// Stop the reply being written.
    Stop,
    /// Answer the last message again.
    Regenerate,
    /// Copy the last answer's text.
    CopyLast,
    /// Show or hide the conversations sidebar.
    ToggleSidebar,
    /// Open Settings.
    Settings,
    /// Start a dictation, or stop the one under way.
    Dictate,
}

/// One line of the help: what it does and its keys as written for people.
pub(crate) struct Shortcut {
    /// What it does, as the help dialog says it (in English: shown through `tr`).
    pub(crate) what: &'static str,
    /// Its keys, like `Alt+Shift+N`.
    pub(crate) keys: &'static str,
}

/// Every shortcut, in the help dialog's order, then the message box's own keys
/// (its placeholder names them only where there is room).
pub(crate) const SHORTCUTS: [Shortcut; 13] = [
    Shortcut { what: "New chat", keys: "Alt+Shift+N" },
    Shortcut { what: "Focus the message box", keys: "Alt+Shift+M" },
    Shortcut { what: "Search conversations", keys: "Alt+Shift+K" },
    Shortcut { what: "Stop the reply", keys: "Alt+Shift+X" },
    Shortcut { what: "Regenerate the last answer", keys: "Alt+Shift+R" },
    Shortcut { what: "Copy the last answer", keys: "Alt+Shift+C" },
    Shortcut { what: "Show or hide the conversations", keys: "Alt+Shift+L" },
    Shortcut { what: "Open Settings", keys: "Alt+Shift+O" },
    Shortcut { what: "Dictate, or stop dictating", keys: "Alt+Shift+U" },
    Shortcut { what: "Show these shortcuts", keys: "? or Ctrl+/" },
    Shortcut { what: "Send the message", keys: "Enter" },
    Shortcut { what: "Start a new line", keys: "Shift+Enter" },
    Shortcut { what: "Attach a project file (in the message box)", keys: "@" },
];

/// The action of Alt+Shift and `key`, a lower-case letter.
fn alt_shift_action(key: char) -> Option<Action> {
    Some(match key {
        'n' => Action::NewChat,
        'm' => Action::FocusComposer,
        'k' => Action::Search,
        'x' => Action::Stop,
        'r' => Action::Regenerate,
        'c' => Action::CopyLast,
        'l' => Action::ToggleSidebar,
        'o' => Action::Settings,
        'u' => Action::Dictate,
        _ => return None,
    })
}

/// The letter of an Alt+Shift press: the character typed when it is a letter
/// (so the letter printed on the key counts, whatever the layout), else the
/// physical key's (on a Mac, Option+Shift types another character: `KeyN` gives `n`),
/// but not in a text field, where that other character (Ø, Ç…) is what the user types.
fn alt_shift_key(ev: &KeyboardEvent) -> Option<char> {
    let key = ev.key();
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && c.is_ascii_alphabetic()
    {
        return Some(c.to_ascii_lowercase());
    }
    if in_text_field(ev) {
        return None;
    }
    let code = ev.code();
    let letter = code.strip_prefix("Key")?;
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// The action of a key press, if it is a shortcut here (`?` only when
/// `question_mark` is on).
fn action_of(ev: &KeyboardEvent, question_mark: bool) -> Option<Action> {
    if ev.repeat() || ev.is_composing() || ev.default_prevented() {
        return None;
    }
    let (ctrl, alt, shift, meta) = (ev.ctrl_key(), ev.alt_key(), ev.shift_key(), ev.meta_key());
    let key = ev.key();
    if (ctrl || meta) && !alt && key == "/" {
        return Some(Action::Help);
    }
    if question_mark && !ctrl && !alt && !meta && key == "?" && !in_text_field(ev) {
        return Some(Action::Help);
    }
    if alt && shift && !ctrl && !meta {
        return alt_shift_key(ev).and_then(alt_shift_action);
    }
    None
}

/// Whether the key goes to something the user types in (where `?` is text).
fn in_text_field(ev: &KeyboardEvent) -> bool {
    let Some(element) = ev.target().and_then(|target| target.dyn_into::<HtmlElement>().ok()) else {
        return false;
    };
    if element.is_content_editable() {
        return true;
    }
    match element.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => !matches!(
            element.get_attribute("type").unwrap_or_default().to_ascii_lowercase().as_str(),
            "button" | "checkbox" | "radio" | "submit" | "reset" | "image" | "file" | "range" | "color"
        ),
        _ => false,
    }
}

/// The element `selector` finds in the page, if it is an HTML element.
fn element(selector: &str) -> Option<HtmlElement> {
    let document = web_sys::window()?.document()?;
    document.query_selector(selector).ok().flatten()?.dyn_into::<HtmlElement>().ok()
}

/// Whether a modal dialog is open (it has the keyboard then).
fn dialog_open() -> bool {
    element("dialog[open]").is_some()
}

/// Whether the page is laid out for a narrow screen, where the sidebar is a
/// drawer (the stylesheet's breakpoint).
pub(crate) fn narrow() -> bool {
    web_sys::window()
        .and_then(|window| window.match_media("(max-width: 40rem)").ok().flatten())
        .is_some_and(|query| query.matches())
}

/// Puts the keyboard focus on `selector`'s element at the next frame (after
/// the page has shown what the action opened).
fn focus_next_frame(selector: &'static str) {
    on_next_frame(move || {
        if let Some(element) = element(selector) {
            let _ = element.focus();
        }
    });
}

/// How long what a shortcut said stays on screen.
const SAID_MS: i32 = 3000;

/// The message box.
const COMPOSER: &str = ".message-box textarea";
/// The sidebar's search field.
const SEARCH: &str = "nav.sidebar input[type=search]";

/// What the shortcuts act on beside the contexts: the page's own switches.
#[derive(Clone, Copy)]
pub(crate) struct Shortcuts {
    store: StoreContext,
    /// Whether `?` outside text fields opens the help (see [`QUESTION_MARK`]).
    pub(crate) question_mark: RwSignal<bool>,
    /// Whether the shortcuts dialog is open.
    pub(crate) help_open: RwSignal<bool>,
    /// Whether Settings is open.
    pub(crate) settings_open: RwSignal<bool>,
    /// Whether the sidebar drawer is open (narrow screens).
    pub(crate) sidebar_open: RwSignal<bool>,
    /// Whether the sidebar is hidden (wide screens).
    pub(crate) sidebar_hidden: RwSignal<bool>,
    /// What a shortcut that did nothing visible says to screen readers (and
    /// shows for a moment): "Copied the last answer", "No answer to copy yet".
    pub(crate) said: RwSignal<String>,
}

impl Shortcuts {
    /// The switches, all off.
    pub(crate) fn new(store: StoreContext, settings_open: RwSignal<bool>, sidebar_open: RwSignal<bool>) -> Self {
        Self {
            store,
            question_mark: RwSignal::new(true),
            help_open: RwSignal::new(false),
            settings_open,
            sidebar_open,
            sidebar_hidden: RwSignal::new(false),
            said: RwSignal::new(String::new()),
        }
    }

    /// Listens to the keyboard for the life of the page, and reads the
    /// [`QUESTION_MARK`] setting once storage is loaded (again after an import).
    pub(crate) fn listen(self) {
        let sessions = SessionsContext::expect();
        let chat = ChatContext::expect();
        let voice = VoiceContext::expect();
        Effect::new(move |_| {
            if sessions.ready.get() {
                spawn_local(self.load());
            }
        });
        self.store.reload_on_bulk_change(move || self.load());
        let _keydown = window_event_listener(ev::keydown, move |ev: KeyboardEvent| {
            let Some(action) = action_of(&ev, self.question_mark.get_untracked()) else { return };
            if dialog_open() {
                return;
            }
            ev.prevent_default();
            if action == Action::Dictate {
                return voice.toggle_dictation();
            }
            self.run(action, sessions, chat);
        });
    }

    /// Reads the [`QUESTION_MARK`] setting (missing or unreadable: on).
    async fn load(self) {
        match self.store.setting(QUESTION_MARK).await {
            Ok(value) => self.question_mark.set(value.and_then(|v| v.as_bool()).unwrap_or(true)),
            Err(error) => self.store.report(error),
        }
    }

    /// Turns `?` on or off, and remembers it.
    pub(crate) fn set_question_mark(self, on: bool) {
        self.question_mark.set(on);
        self.store.put_setting(QUESTION_MARK, serde_json::Value::Bool(on));
    }

    /// Does `action`.
    fn run(self, action: Action, sessions: SessionsContext, chat: ChatContext) {
        match action {
            Action::Help => self.help_open.set(true),
            Action::NewChat => {
                // Like the New chat button: a reply streaming here goes on.
                sessions.new_chat();
                self.sidebar_open.set(false);
                focus_next_frame(COMPOSER);
            }
            Action::FocusComposer => {
                self.sidebar_open.set(false);
                focus_next_frame(COMPOSER);
            }
            Action::Search => {
                self.sidebar_hidden.set(false);
                self.sidebar_open.set(true);
                focus_next_frame(SEARCH);
            }
            Action::Stop if chat.busy.get_untracked() => chat.stop(),
            Action::Stop => self.say(tr("No reply is being written")),
            Action::Regenerate => match last_answer(chat) {
                Some(_) if chat.busy.get_untracked() => self.say(tr("Wait for the reply to finish")),
                Some((id, _)) => chat.regenerate(&id),
                None => self.say(tr("No answer to regenerate")),
            },
            Action::CopyLast => match last_answer(chat) {
                Some((_, text)) if !text.is_empty() => {
                    spawn_local(async move {
                        self.say(match copy_text(&text).await {
                            Ok(()) => tr("Copied the last answer"),
                            Err(_) => tr("The browser did not allow copying"),
                        });
                    });
                }
                _ => self.say(tr("No answer to copy yet")),
            },
            Action::ToggleSidebar if narrow() => self.sidebar_open.update(|open| *open = !*open),
            Action::ToggleSidebar => {
                self.sidebar_hidden.update(|hidden| *hidden = !*hidden);
                // Focus inside a hidden sidebar would be lost: it goes to the message box.
                let in_sidebar = element("nav.sidebar:focus-within").is_some();
                if self.sidebar_hidden.get_untracked() && in_sidebar {
                    focus_next_frame(COMPOSER);
                }
            }
            Action::Settings => self.settings_open.set(true),
            // Done by the listener, which holds the voice context.
            Action::Dictate => {}
        }
    }

    /// Says `text` in the shortcuts' status region, shown for [`SAID_MS`].
    fn say(self, text: &'static str) {
        self.said.set(text.to_owned());
        spawn_local(async move {
            sleep(SAID_MS).await;
            if self.said.with_untracked(|said| said == text) {
                self.said.set(String::new());
            }
        });
    }
}

/// The last shown message, when it is an answer: its id and its text as
/// published (what its Copy button copies).
fn last_answer(chat: ChatContext) -> Option<(String, String)> {
    chat.shown.with_untracked(|shown| {
        chat.entries.with_untracked(|entries| {
            let (entry, _) =
                entries.iter().zip(shown).rev().find(|(e, shown)| {
                    **shown && !matches!(e.kind, EntryKind::AgentSwitch(_) | EntryKind::Summary(_))
                })?;
            match &entry.kind {
                EntryKind::Assistant(view) => {
                    Some((entry.id.clone(), view.record.with_value(|record| record.content.clone())))
                }
                _ => None,
            }
        })
    })
}
