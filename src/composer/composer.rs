//! The composer: the files attached to the next message (badges, with what
//! went wrong adding one), the message box (with its `@mention`
//! autocomplete), the Attach, Take a photo and Dictate buttons (with the
//! recorder's panel while dictating) and Send, which turns into Stop while a reply
//! streams. Files dropped on it are attached, as on the conversation. Under it:
//! the context meter and Compact (once the conversation has a message: an empty
//! one has nothing to measure or compact), the keys of the message box where
//! the composer is wide enough, and what compaction is doing (announced).
//!
//! Built, it takes over what was typed in the page's own message box before
//! the app started (`io::early_input`): the text, the caret and focus, and an
//! Enter pressed there, which sends the text once the app is ready (once).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::comparing::compare_code;
use crate::chat::state::{ChatContext, leaf};
use crate::composer::attach_file_button::AttachFileButton;
use crate::composer::attached_files::AttachedFiles;
use crate::composer::attached_media::attached_media_view;
use crate::composer::camera_button::CameraButton;
use crate::composer::compact_button::CompactButton;
use crate::composer::compare_button::CompareButton;
use crate::composer::compare_setup::compare_composer_view;
use crate::composer::context_meter::ContextMeter;
use crate::composer::dictate_button::DictateButton;
use crate::composer::dictation_status::DictationStatus;
use crate::composer::effort_choice::EffortChoice;
use crate::composer::file_drop;
use crate::composer::message_box::{KEYS_HINT_ID, MessageBox};
use crate::composer::options_toggle::{OPTIONS_ID, OptionsToggle};
use crate::composer::picture_button::PictureButton;
use crate::composer::picture_dialog::picture_dialog_view;
use crate::composer::search_button::SearchButton;
use crate::composer::state::ComposerDraft;
use crate::composer::talk_button::TalkButton;
use crate::i18n::tr;
use crate::io::early_input;
use crate::mcp::prompts_button::PromptsButton;
use crate::offline::state::updates::{Hold, UpdatesContext};
use crate::sessions::state::SessionsContext;
use crate::ui::icon::{Icon, IconName};
use crate::ui::lazy::Lazy;
use crate::ui::lazy_once::LazyOnce;

/// The composer at the bottom of the page.
#[component]
pub(crate) fn Composer() -> impl IntoView {
    let chat = ChatContext::expect();
    let attachments = chat.attachments;
    let shared = ComposerDraft::expect();
    let draft = shared.text;
    let textarea = NodeRef::<leptos::html::Textarea>::new();
    let options_open = RwSignal::new(false);
    Effect::new(move |previous: Option<u32>| {
        let requests = shared.focus_requests.get();
        if previous.is_some_and(|previous| previous != requests)
            && let Some(textarea) = textarea.get_untracked()
        {
            let _ = textarea.focus();
            let end = u32::try_from(textarea.value().len()).unwrap_or(u32::MAX);
            let _ = textarea.set_selection_range(end, end);
        }
        requests
    });
    // Send and Stop swap places, so keyboard focus returns to the message box.
    let refocus = move || {
        if let Some(textarea) = textarea.get_untracked() {
            let _ = textarea.focus();
        }
    };
    let send = move || {
        if chat.compare_open.get_untracked() {
            // To every column of the Compare panel (its chunk is loaded: the panel shows).
            let text = draft.get_untracked();
            spawn_local(async move {
                match compare_code().await {
                    Ok(code) if (code.send)(chat, text) => {
                        draft.set(String::new());
                        refocus();
                    }
                    Ok(_) => {}
                    Err(error) => attachments.problem.set(error.to_string()),
                }
            });
            return;
        }
        if chat.send(draft.get_untracked()) {
            draft.set(String::new());
            refocus();
        }
    };
    adopt_early_input(draft, textarea, send);
    let nothing_to_send = move || draft.with(|d| d.trim().is_empty()) && attachments.is_empty();
    // A reload for a new version waits while a message is typed and not sent.
    UpdatesContext::expect().hold_while(Hold::UnsavedMessage, Signal::derive(move || !nothing_to_send()));
    let remove = Callback::new(move |name: String| {
        attachments.remove(&name);
        refocus();
    });
    view! {
        <form
            class="composer"
            aria-label=tr("Composer")
            on:submit=move |ev| {
                ev.prevent_default();
                send();
            }
            on:dragover=file_drop::on_dragover
            on:drop=move |ev| file_drop::on_drop(ev, chat)
        >
            <p class="composer-problem" role="alert">{move || attachments.problem.get()}</p>
            <DictationStatus />
            // The Compare panel, and after a compare turn which answer the next message follows.
            <Show when=move || chat.compare_open.get() || follows_compare(chat)>
                <Lazy load=compare_composer_view />
            </Show>
            <Show when=move || !attachments.media.is_empty()>
                <Lazy load=move || attached_media_view(attachments.media, Callback::new(move |()| refocus())) />
            </Show>
            <AttachedFiles files=attachments.files on_remove=remove />
            <div class="composer-row">
                // The message box comes first in the focus order: the conversation's
                // Jump to latest is one Shift+Tab from it.
                <MessageBox draft node_ref=textarea on_send=Callback::new(move |()| send()) />
                <AttachFileButton />
                <CameraButton />
                <DictateButton />
                <PromptsButton />
                <OptionsToggle open=options_open />
                <Show
                    when=move || chat.busy.get()
                    fallback=move || {
                        view! {
                            // On a phone only the arrow shows (CSS); the text stays its name.
                            <button type="submit" class="primary send" disabled=nothing_to_send>
                                <Icon name=IconName::ArrowUp />
                                <span class="button-label">{tr("Send")}</span>
                            </button>
                        }
                    }
                >
                    <button type="button" class="stop" on:click=move |_| {
                        chat.stop();
                        refocus();
                    }>
                        {tr("Stop")}
                    </button>
                </Show>
            </div>
            <div class="composer-context" id=OPTIONS_ID class:folded=move || !options_open.get()>
                <div class="composer-measure" hidden=move || chat.entries.with(Vec::is_empty)>
                    <ContextMeter draft />
                    <CompactButton />
                </div>
                <SearchButton />
                <EffortChoice />
                <PictureButton />
                <CompareButton />
                <TalkButton />
                // Shown only where the composer is wide (CSS); always the box's description.
                <p class="composer-keys" id=KEYS_HINT_ID>
                    {tr("Enter sends · Shift+Enter adds a line · @ attaches a file")}
                </p>
                <p class="compaction-note" role="status">
                    {move || chat.compaction_note.with(|note| (!note.is_failure()).then(|| note.text()))}
                </p>
                <p class="compaction-note problem" role="alert">
                    {move || chat.compaction_note.with(|note| note.is_failure().then(|| note.text()))}
                </p>
            </div>
        </form>
        // Outside the composer's form: its own form's Create must not also send.
        <LazyOnce
            when=shared.pictures_open
            on_close=Callback::new(move |()| shared.pictures_open.set(false))
            load=picture_dialog_view
        />
    }
}

/// Whether the next message follows a compare turn's answer (the composer then says which).
fn follows_compare(chat: ChatContext) -> bool {
    chat.entries.with(|entries| {
        leaf(entries).is_some_and(|id| {
            entries.iter().any(|entry| entry.id == id && entry.node.as_ref().is_some_and(|n| n.group.is_some()))
        })
    })
}

/// What was typed before the app started: taken now, before the composer is
/// mounted (so the page never has two message boxes), into `draft`, with its
/// focus and selection in `textarea`; sent with `send` once the conversations
/// are read, if Enter was pressed.
fn adopt_early_input(
    draft: RwSignal<String>,
    textarea: NodeRef<leptos::html::Textarea>,
    send: impl Fn() + Copy + 'static,
) {
    let early = early_input::take();
    let send_early = RwSignal::new(false);
    if let Some(early) = early {
        draft.set(early.text);
        send_early.set(early.send);
        if early.focused {
            let (start, end) = early.selection;
            // Once the text area is mounted (the node ref is set once).
            Effect::new(move |_| {
                let Some(textarea) = textarea.get() else { return };
                let _ = textarea.focus();
                // A frame later, once the bound value is in (setting it puts the
                // caret at the end).
                request_animation_frame(move || {
                    let _ = textarea.set_selection_range(start, end);
                });
            });
        }
    }
    let ready = SessionsContext::expect().ready;
    Effect::new(move |_| {
        if send_early.get() && ready.get() {
            send_early.set(false);
            // Sent from a frame callback, as from a click, not from inside this
            // effect: what a send makes (the reply's signals) would belong to the
            // effect, and its next run (`send_early` just changed) would dispose
            // of it, leaving a conversation that never was.
            request_animation_frame(send);
        }
    });
}
