//! Settings section "Voice": who turns dictation into text (an account with
//! an OpenAI-compatible transcription API, its model and the language
//! spoken) and who reads answers aloud (the browser's own voices, on this
//! device, or an account's speech API, with its model), the voice and the
//! speed. It says what each choice sends where. Stored as one setting
//! (`voice`), read field by field; each change is stored at once.

use hearth_core::provider::audio::{Reader, VoiceSettings};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::io::speech::browser_voices;
use crate::providers::state::ProvidersContext;
use crate::store::StoreContext;
use crate::ui::text_field::TextField;
use crate::voice::state::VOICE;

/// The section. Takes no props: it edits the stored setting.
#[component]
pub(crate) fn VoiceSettingsSection() -> impl IntoView {
    let store = StoreContext::expect();
    let providers = ProvidersContext::expect();
    let settings = RwSignal::new(None::<VoiceSettings>);
    spawn_local(async move {
        let stored = store.setting(VOICE).await.ok().flatten();
        settings.set(Some(stored.map(|value| VoiceSettings::from_stored(&value)).unwrap_or_default()));
    });
    let change = move |edit: Box<dyn FnOnce(&mut VoiceSettings)>| {
        settings.update(|settings| {
            if let Some(settings) = settings {
                edit(settings);
                store.put_setting(VOICE, settings.to_stored());
            }
        });
    };
    let read =
        move |pick: fn(&VoiceSettings) -> String| move || settings.with(|s| s.as_ref().map(pick).unwrap_or_default());
    let reader = move || settings.with(|s| s.as_ref().map_or(Reader::Browser, |s| s.reader));
    let accounts = move |chosen: fn(&VoiceSettings) -> Option<String>| {
        let current = settings.with(|s| s.as_ref().and_then(chosen)).unwrap_or_default();
        providers
            .list
            .get()
            .into_iter()
            .map(|entry| {
                let id = entry.id().to_owned();
                let selected = id == current;
                view! { <option value=id selected=selected>{entry.provider.name.clone()}</option> }
            })
            .collect_view()
    };
    let voices = browser_voices();
    view! {
        <section class="settings-section" aria-labelledby="settings-voice">
            <h3 id="settings-voice">"Voice"</h3>
            <p class="hint">
                "Dictation records only while the microphone button is pressed, and sends the recording to the account chosen here, nowhere else."
            </p>
            <label class="field">
                <span>"Turn speech into text with"</span>
                <select on:change=move |ev| {
                    let picked = event_target_value(&ev);
                    change(Box::new(move |s| s.dictation_account = Some(picked).filter(|id| !id.is_empty())));
                }>
                    <option value="" selected=move || read(|s| s.dictation_account.clone().unwrap_or_default())().is_empty()>
                        "Nobody yet (dictation is off)"
                    </option>
                    {move || accounts(|s| s.dictation_account.clone())}
                </select>
            </label>
            <div class="field-row">
                <TextField
                    label="Transcription model"
                    verbatim=true
                    value=Signal::derive(read(|s| s.dictation_model.clone()))
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.dictation_model = typed.trim().to_owned())))
                />
                <TextField
                    label="Language spoken (such as en or de; blank: any)"
                    verbatim=true
                    value=Signal::derive(read(|s| s.language.clone()))
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.language = typed.trim().to_owned())))
                />
            </div>
            <label class="field">
                <span>"Read answers aloud with"</span>
                <select on:change=move |ev| {
                    let provider = event_target_value(&ev) == "provider";
                    change(Box::new(move |s| s.reader = if provider { Reader::Provider } else { Reader::Browser }));
                }>
                    <option value="browser" selected=move || reader() == Reader::Browser>
                        "This browser's voices (on this device)"
                    </option>
                    <option value="provider" selected=move || reader() == Reader::Provider>
                        "An account's speech API (it receives the reply's text)"
                    </option>
                </select>
            </label>
            <Show when=move || reader() == Reader::Provider>
                <label class="field">
                    <span>"Speech account"</span>
                    <select on:change=move |ev| {
                        let picked = event_target_value(&ev);
                        change(Box::new(move |s| s.speech_account = Some(picked).filter(|id| !id.is_empty())));
                    }>
                        <option value="">"Choose an account"</option>
                        {move || accounts(|s| s.speech_account.clone())}
                    </select>
                </label>
                <TextField
                    label="Speech model"
                    verbatim=true
                    value=Signal::derive(read(|s| s.speech_model.clone()))
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.speech_model = typed.trim().to_owned())))
                />
            </Show>
            <div class="field-row">
                <TextField
                    label="Voice (blank: the default)"
                    verbatim=true
                    value=Signal::derive(read(|s| s.voice.clone()))
                    placeholder=Signal::derive(move || match reader() {
                        Reader::Provider => "alloy".to_owned(),
                        Reader::Browser => voices.first().map_or_else(|| "the browser's own".to_owned(), |(name, _)| name.clone()),
                    })
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.voice = typed.trim().to_owned())))
                />
                <label class="field">
                    <span>"Speed"</span>
                    <select on:change=move |ev| {
                        let speed = event_target_value(&ev).parse().unwrap_or(1.0_f32);
                        change(Box::new(move |s| s.speed = speed.clamp(VoiceSettings::MIN_SPEED, VoiceSettings::MAX_SPEED)));
                    }>
                        {[0.5_f32, 0.75, 1.0, 1.25, 1.5, 2.0]
                            .into_iter()
                            .map(|speed| {
                                let selected = move || settings.with(|s| s.as_ref().is_some_and(|s| (s.speed - speed).abs() < 0.01));
                                view! { <option value=speed.to_string() selected=selected>{format!("{speed}×")}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
        </section>
    }
}
