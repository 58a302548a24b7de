//! A WebRTC call, for realtime talk with OpenAI's Realtime API: the
//! microphone's track goes out, the model's voice comes back as a track
//! played by an audio element of its own, and JSON events go both ways over
//! a data channel. The SDP exchange is the caller's ([`PeerCall::offer`]
//! gives the offer, [`PeerCall::answer`] takes the server's answer); the
//! offer waits for the browser's own candidates so no trickling is needed.
//! Reached by name (`io::js`): it is the `voice` chunk's.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

use super::js;
use super::timer::sleep;

/// How long the offer waits for the browser's candidates, in milliseconds.
const GATHERING_MS: i32 = 2000;

/// An open call; closing or dropping it hangs up.
pub(crate) struct PeerCall {
    connection: JsValue,
    channel: JsValue,
    speaker: JsValue,
    /// The microphone's tracks sent on the call (muted while not speaking).
    tracks: Vec<JsValue>,
    _on_track: Closure<dyn FnMut(JsValue)>,
    _on_message: Closure<dyn FnMut(JsValue)>,
    _on_state: Closure<dyn FnMut()>,
    _on_closed: Closure<dyn FnMut()>,
}

/// Why a call could not be made (the browser's words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CallRefused(pub(crate) String);

/// The browser's refusal `error`, in its words.
fn refused(error: JsValue) -> CallRefused {
    CallRefused(js::error_name(&error).1.unwrap_or_else(|| "no reason given".to_owned()))
}

impl PeerCall {
    /// Makes a call carrying `microphone` (a `MediaStream`) and a data channel
    /// named `channel`; `on_message` gets each message's text, `on_lost` is
    /// called once if the connection fails or the other side closes the
    /// channel. Returns the call and its SDP offer.
    pub(crate) async fn offer(
        microphone: &JsValue,
        channel: &str,
        mut on_message: impl FnMut(String) + 'static,
        on_lost: impl Fn() + 'static,
    ) -> Result<(Self, String), CallRefused> {
        let connection = js::construct("RTCPeerConnection", &[]).map_err(refused)?;
        // Made whole at once, so that whatever fails next, dropping it hangs up.
        let mut call = Self {
            speaker: js::construct("Audio", &[]).unwrap_or(JsValue::UNDEFINED),
            connection,
            channel: JsValue::UNDEFINED,
            tracks: js::call(microphone, "getAudioTracks", &[]).map(|list| js::items(&list)).unwrap_or_default(),
            _on_track: Closure::new(|_: JsValue| {}),
            _on_message: Closure::new(move |event: JsValue| {
                if let Some(text) = js::string(&event, "data") {
                    on_message(text);
                }
            }),
            _on_state: Closure::new(|| {}),
            _on_closed: Closure::new(|| {}),
        };
        let played = call.speaker.clone();
        js::set(&played, "autoplay", &JsValue::TRUE);
        call._on_track = Closure::new(move |event: JsValue| {
            let stream = js::get(&event, "streams").and_then(|streams| js::items(&streams).into_iter().next());
            if let Some(stream) = stream {
                js::set(&played, "srcObject", &stream);
                let _ = js::call(&played, "play", &[]);
            }
        });
        js::set(&call.connection, "ontrack", call._on_track.as_ref());
        for track in &call.tracks {
            js::call(&call.connection, "addTrack", &[track, microphone]).map_err(refused)?;
        }
        call.channel =
            js::call(&call.connection, "createDataChannel", &[&JsValue::from_str(channel)]).map_err(refused)?;
        js::set(&call.channel, "onmessage", call._on_message.as_ref());
        // Lost once: the connection failed, or the other side closed the channel
        // (its hanging up; the connection itself may still read "connected").
        let lost = Rc::new(Cell::new(false));
        let on_lost = Rc::new(on_lost);
        let once = {
            let (lost, on_lost) = (lost.clone(), on_lost.clone());
            move || {
                if !lost.replace(true) {
                    on_lost();
                }
            }
        };
        let watched = call.connection.clone();
        let when_failed = once.clone();
        call._on_state = Closure::new(move || {
            let state = js::string(&watched, "connectionState").unwrap_or_default();
            if state == "failed" || state == "closed" {
                when_failed();
            }
        });
        call._on_closed = Closure::new(once);
        js::set(&call.connection, "onconnectionstatechange", call._on_state.as_ref());
        js::set(&call.channel, "onclose", call._on_closed.as_ref());
        let offer =
            js::settle(js::call(&call.connection, "createOffer", &[]).map_err(refused)?).await.map_err(refused)?;
        js::settle(js::call(&call.connection, "setLocalDescription", &[&offer]).map_err(refused)?)
            .await
            .map_err(refused)?;
        call.gathered().await;
        let sdp = js::get(&call.connection, "localDescription")
            .and_then(|description| js::string(&description, "sdp"))
            .ok_or_else(|| CallRefused("no offer was made".to_owned()))?;
        Ok((call, sdp))
    }

    /// Waits (a while at most) for the browser's candidates to be in the offer.
    async fn gathered(&self) {
        for _ in 0..GATHERING_MS / 50 {
            if js::string(&self.connection, "iceGatheringState").as_deref() == Some("complete") {
                return;
            }
            sleep(50).await;
        }
    }

    /// Takes the server's SDP answer: the call connects.
    pub(crate) async fn answer(&self, sdp: &str) -> Result<(), CallRefused> {
        let description = js_sys::Object::new();
        js::set(&description, "type", &JsValue::from_str("answer"));
        js::set(&description, "sdp", &JsValue::from_str(sdp));
        let set = js::call(&self.connection, "setRemoteDescription", &[&description]).map_err(refused)?;
        js::settle(set).await.map(|_| ()).map_err(refused)
    }

    /// Sends `text` on the data channel (nothing while it is not open).
    pub(crate) fn send(&self, text: &str) {
        if js::string(&self.channel, "readyState").as_deref() == Some("open") {
            let _ = js::call(&self.channel, "send", &[&JsValue::from_str(text)]);
        }
    }

    /// Sends the microphone's sound (`true`) or silence in its place.
    pub(crate) fn send_sound(&self, on: bool) {
        for track in &self.tracks {
            if js::get(track, "enabled").and_then(|enabled| enabled.as_bool()) != Some(on) {
                js::set(track, "enabled", &JsValue::from_bool(on));
            }
        }
    }
}

impl Drop for PeerCall {
    /// Hangs up without hearing of it again, and silences the model's voice.
    fn drop(&mut self) {
        for (target, handler) in [
            (&self.connection, "ontrack"),
            (&self.connection, "onconnectionstatechange"),
            (&self.channel, "onmessage"),
            (&self.channel, "onclose"),
        ] {
            js::set(target, handler, &JsValue::NULL);
        }
        let _ = js::call(&self.channel, "close", &[]);
        let _ = js::call(&self.connection, "close", &[]);
        let _ = js::call(&self.speaker, "pause", &[]);
        js::set(&self.speaker, "srcObject", &JsValue::NULL);
    }
}
