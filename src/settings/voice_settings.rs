//! Settings section "Voice": who turns dictation into text (the browser's own
//! recognition, on this device or through its maker's service, or an
//! account's transcription API with its model; the language spoken) and who reads answers aloud (the browser's own voices, on this
//! device, or an account's speech API, with its model), the voice and the
//! speed. It says what each choice sends where. Stored as one setting
//! (`voice`), read field by field; each change is stored at once.

mod device_state;

use device_state::DeviceState;
use hearth_core::provider::audio::{Listener, Reader, VoiceSettings};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::recognition::recognition_offered;
use crate::io::speech::browser_voices;
use crate::providers::state::ProvidersContext;
use crate::store::StoreContext;
use crate::ui::text_field::TextField;
use crate::voice::state::VOICE;

/// The values of the browser's choices in the dictation list (account ids are the other values).
const DEVICE: &str = "browser:device";
const SERVICE: &str = "browser:service";

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
    // The account picked in a list, and its family (whose models it offers first).
    let picked = move |ev: &leptos::ev::Event| {
        let picked = Some(event_target_value(ev)).filter(|id| !id.is_empty());
        let kind = picked.as_deref().and_then(|id| {
            providers.list.with_untracked(|list| list.iter().find(|e| e.id() == id).map(|e| e.provider.kind))
        });
        (picked, kind)
    };
    let voices = browser_voices();
    let listener = move || settings.with(|s| s.as_ref().map_or(Listener::Account, |s| s.listener));
    let browser_listens = recognition_offered();
    // Whether the browser recognises speech on this device, asked once the language is known.
    let device = DeviceState::follow(settings);
    view! {
        <section class="settings-section" aria-labelledby="settings-voice">
            <h3 id="settings-voice">{tr("Voice")}</h3>
            <p class="hint">
                {tr("Dictation records only while the microphone button is pressed, and sends the recording to the account or service chosen here, nowhere else; the browser on this device keeps it here.")}
            </p>
            <label class="field">
                <span>{tr("Turn speech into text with")}</span>
                <select on:change=move |ev| {
                    let value = event_target_value(&ev);
                    let (picked, kind) = picked(&ev);
                    change(Box::new(move |s| match value.as_str() {
                        DEVICE => s.listener = Listener::Device,
                        SERVICE => s.listener = Listener::BrowserService,
                        _ => {
                            s.listener = Listener::Account;
                            s.choose_dictation(picked, kind);
                        }
                    }));
                }>
                    <option value="" selected=move || listener() == Listener::Account && read(|s| s.dictation_account.clone().unwrap_or_default())().is_empty()>
                        {tr("Nobody yet (dictation is off)")}
                    </option>
                    <option value=DEVICE selected=move || listener() == Listener::Device disabled=move || !device.get().offered()>
                        {move || device.get().label()}
                    </option>
                    <option value=SERVICE selected=move || listener() == Listener::BrowserService disabled=move || !browser_listens>
                        {tr("This browser's speech service (your voice goes to the browser's maker, such as Google)")}
                    </option>
                    {move || accounts(|s| s.dictation_account.clone().filter(|_| s.listener == Listener::Account))}
                </select>
            </label>
            <div class="field-row">
                <TextField
                    label=tr("Transcription model")
                    verbatim=true
                    value=Signal::derive(read(|s| s.dictation_model.clone()))
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.dictation_model = typed.trim().to_owned())))
                />
                <TextField
                    label=tr("Language spoken (such as en or de; blank: any)")
                    verbatim=true
                    value=Signal::derive(read(|s| s.language.clone()))
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.language = typed.trim().to_owned())))
                />
            </div>
            <label class="field">
                <span>{tr("Read answers aloud with")}</span>
                <select on:change=move |ev| {
                    let provider = event_target_value(&ev) == "provider";
                    change(Box::new(move |s| s.reader = if provider { Reader::Provider } else { Reader::Browser }));
                }>
                    <option value="browser" selected=move || reader() == Reader::Browser>
                        {tr("This browser's voices (on this device)")}
                    </option>
                    <option value="provider" selected=move || reader() == Reader::Provider>
                        {tr("An account's speech API (it receives the reply's text)")}
                    </option>
                </select>
            </label>
            <Show when=move || reader() == Reader::Provider>
                <label class="field">
                    <span>{tr("Speech account")}</span>
                    <select on:change=move |ev| {
                        let (picked, kind) = picked(&ev);
                        change(Box::new(move |s| s.choose_speech(picked, kind)));
                    }>
                        <option value="">{tr("Choose an account")}</option>
                        {move || accounts(|s| s.speech_account.clone())}
                    </select>
                </label>
                <TextField
                    label=tr("Speech model")
                    verbatim=true
                    value=Signal::derive(read(|s| s.speech_model.clone()))
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.speech_model = typed.trim().to_owned())))
                />
            </Show>
            <div class="field-row">
                <TextField
                    label=tr("Voice (blank: the default)")
                    verbatim=true
                    value=Signal::derive(read(|s| s.voice.clone()))
                    placeholder=Signal::derive(move || match reader() {
                        Reader::Provider => "alloy".to_owned(),
                        Reader::Browser => voices.first().map_or_else(|| tr("the browser's own").to_owned(), |(name, _)| name.clone()),
                    })
                    on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.voice = typed.trim().to_owned())))
                />
                <label class="field">
                    <span>{tr("Speed")}</span>
                    <select on:change=move |ev| {
                        let speed = event_target_value(&ev).parse().unwrap_or(1.0_f32);
                        change(Box::new(move |s| s.speed = speed.clamp(VoiceSettings::MIN_SPEED, VoiceSettings::MAX_SPEED)));
                    }>
                        {[0.5_f32, 0.75, 1.0, 1.25, 1.5, 2.0]
                            .into_iter()
                            .map(|speed| {
                                let selected = move || settings.with(|s| s.as_ref().is_some_and(|s| (s.speed - speed).abs() < 0.01));
                                view! { <option value=speed.to_string() selected=selected>{tr_with("settings-voice-speed", &[("speed", Arg::Number(f64::from(speed)))], || format!("{speed}×"))}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
            <TextField
                label=tr("Talk model (blank: the family’s)")
                verbatim=true
                value=Signal::derive(read(|s| s.talk_model.clone()))
                on_change=Callback::new(move |typed: String| change(Box::new(move |s| s.talk_model = typed.trim().to_owned())))
            />
        </section>
    }
}
