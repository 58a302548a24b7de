//! What went wrong with a dictation or a reading, typed until it is said
//! (under the composer, or in the reply's footer).

use std::fmt;

use hearth_core::provider::audio::AudioRequestError;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::db::StorageError;
use crate::io::microphone::MicError;
use crate::io::recognition::RecognitionError;
use crate::io::speech::PlayError;

/// Which job an account was chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Job {
    /// Turning speech into text.
    Dictation,
    /// Reading replies aloud.
    Reading,
}

/// Why voice could not do what was asked.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum VoiceProblem {
    /// The settings could not be read.
    Storage(StorageError),
    /// No account is chosen for the job.
    NoAccount(Job),
    /// The account chosen for the job is gone.
    AccountGone(Job),
    /// The keys are locked.
    Locked(Job),
    /// The request cannot be made (the account's address, or no model).
    Request(AudioRequestError),
    /// The microphone could not be used.
    Microphone(MicError),
    /// The browser's recognition failed.
    Recognition(RecognitionError),
    /// The browser could not get its on-device model for the language.
    NoDeviceModel(String),
    /// The microphone went away; what was recorded is in the message box.
    MicrophoneGone,
    /// The transcription came back empty.
    NothingHeard,
    /// A recording to keep as a voice note could not be hashed or stored.
    NotKept,
    /// A realtime talk could not start or ended by itself (why, in words).
    Talk(String),
    /// The provider did not turn the recording into text (its words); the recording is kept.
    NotTranscribed(String),
    /// Cancel was pressed while the text was awaited; the recording is kept.
    Cancelled,
    /// A reply with no words to read.
    NothingToRead,
    /// The browser has no voices of its own.
    NoBrowserVoice,
    /// The browser would not speak.
    BrowserWouldNotSpeak,
    /// The provider made no speech (its words).
    NotSpoken(String),
    /// The audio would not play.
    Play(PlayError),
}

impl fmt::Display for VoiceProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Self::Storage(error) => {
                let error = error.to_string();
                return f.write_str(&tr_with("voice-settings-unreadable", &[("error", Arg::Text(&error))], || {
                    format!("The voice settings could not be read: {error}")
                }));
            }
            Self::NoAccount(Job::Dictation) => {
                tr("Choose who turns your speech into text under Settings → Voice; nothing was recorded.")
            }
            Self::NoAccount(Job::Reading) => tr("Choose the account that reads aloud under Settings → Voice."),
            Self::AccountGone(Job::Dictation) => {
                tr("The account chosen for dictation is gone; choose another under Settings → Voice.")
            }
            Self::AccountGone(Job::Reading) => {
                tr("The account chosen for reading aloud is gone; choose another under Settings → Voice.")
            }
            Self::Locked(Job::Dictation) => tr("The API keys are locked; unlock them to dictate."),
            Self::Locked(Job::Reading) => tr("The API keys are locked; unlock them to read aloud."),
            Self::Request(error) => return write!(f, "{error}"),
            Self::Microphone(error) => return write!(f, "{error}"),
            Self::Recognition(error) => return write!(f, "{error}"),
            Self::NoDeviceModel(lang) => {
                return f.write_str(&tr_with("voice-no-device-model", &[("language", Arg::Text(lang))], || {
                    format!(
                        "The browser could not get its speech model for {lang} to recognise speech on this device (it downloads it from its maker the first time). Nothing was recorded; choose an account under Settings → Voice, or try again online."
                    )
                }));
            }
            Self::MicrophoneGone => tr("The microphone went away; what was recorded until then is in the message box."),
            Self::NothingHeard => tr("Nothing was heard in the recording."),
            Self::Talk(why) => why.as_str(),
            Self::NotKept => tr("The recording could not be kept as a voice note (this browser could not store it)."),
            Self::NotTranscribed(why) => {
                let why = why.trim();
                return f.write_str(&tr_with("voice-not-transcribed", &[("why", Arg::Text(why))], || {
                    format!(
                        "The recording could not be turned into text: {why} It is kept: Try again sends it once more."
                    )
                }));
            }
            Self::Cancelled => {
                tr("Stopped before the words came back. The recording is kept: Try again sends it once more.")
            }
            Self::NothingToRead => tr("This reply has nothing to read aloud (only code, formulas or pictures)."),
            Self::NoBrowserVoice => {
                tr("This browser has no voices of its own; choose the provider's voice under Settings → Voice.")
            }
            Self::BrowserWouldNotSpeak => tr("The browser would not speak."),
            Self::NotSpoken(why) => {
                let why = why.trim();
                return f.write_str(&tr_with("voice-not-spoken", &[("why", Arg::Text(why))], || {
                    format!("The reply could not be read aloud: {why}")
                }));
            }
            Self::Play(error) => return write!(f, "{error}"),
        };
        f.write_str(text)
    }
}
