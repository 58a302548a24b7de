//! What went wrong with a dictation or a reading, typed until it is said
//! (under the composer, or in the reply's footer).

use std::fmt;

use hearth_core::provider::audio::AudioRequestError;

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
        let job = |job: &Job| match job {
            Job::Dictation => "dictation",
            Job::Reading => "reading aloud",
        };
        match self {
            Self::Storage(error) => write!(f, "The voice settings could not be read: {error}"),
            Self::NoAccount(Job::Dictation) => {
                f.write_str("Choose who turns your speech into text under Settings → Voice; nothing was recorded.")
            }
            Self::NoAccount(Job::Reading) => f.write_str("Choose the account that reads aloud under Settings → Voice."),
            Self::AccountGone(which) => {
                write!(f, "The account chosen for {} is gone; choose another under Settings → Voice.", job(which))
            }
            Self::Locked(Job::Dictation) => f.write_str("The API keys are locked; unlock them to dictate."),
            Self::Locked(Job::Reading) => f.write_str("The API keys are locked; unlock them to read aloud."),
            Self::Request(error) => write!(f, "{error}"),
            Self::Microphone(error) => write!(f, "{error}"),
            Self::Recognition(error) => write!(f, "{error}"),
            Self::NoDeviceModel(lang) => write!(
                f,
                "The browser could not get its speech model for {lang} to recognise speech on this device (it downloads it from its maker the first time). Nothing was recorded; choose an account under Settings → Voice, or try again online."
            ),
            Self::MicrophoneGone => {
                f.write_str("The microphone went away; what was recorded until then is in the message box.")
            }
            Self::NothingHeard => f.write_str("Nothing was heard in the recording."),
            Self::Talk(why) => f.write_str(why),
            Self::NotKept => {
                f.write_str("The recording could not be kept as a voice note (this browser could not store it).")
            }
            Self::NotTranscribed(why) => write!(
                f,
                "The recording could not be turned into text: {} It is kept: Try again sends it once more.",
                why.trim()
            ),
            Self::Cancelled => {
                f.write_str("Stopped before the words came back. The recording is kept: Try again sends it once more.")
            }
            Self::NothingToRead => {
                f.write_str("This reply has nothing to read aloud (only code, formulas or pictures).")
            }
            Self::NoBrowserVoice => f.write_str(
                "This browser has no voices of its own; choose the provider's voice under Settings → Voice.",
            ),
            Self::BrowserWouldNotSpeak => f.write_str("The browser would not speak."),
            Self::NotSpoken(why) => write!(f, "The reply could not be read aloud: {}", why.trim()),
            Self::Play(error) => write!(f, "{error}"),
        }
    }
}
