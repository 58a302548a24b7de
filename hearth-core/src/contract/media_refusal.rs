//! A provider's refusal of an image or a PDF, read from its error message:
//! which limit it names, so the card can say what to do, and whether the model
//! reads no images (or no PDFs) at all, which Hearth then remembers for it
//! (the next request sends a note in their place).
//!
//! The phrases are those the providers send, as users quoted them in public
//! trackers: Anthropic's "image exceeds 5 MB maximum", "At least one of the
//! image dimensions exceed max allowed size" and "A maximum of 100 PDF pages
//! may be provided" (anthropics/claude-code #10612, #4778, #6231), OpenRouter's
//! 404 "No endpoints found that support image input" (openclaw #99078),
//! OpenAI's "image_url is only supported by certain models" (vllm #11629), and
//! llama.cpp's 500 "image input is not supported" (llama.cpp #13566, #15377).

/// What a refusal of an image or a PDF was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaRefusal {
    /// The model (or every route to it) reads no images.
    NoImageInput,
    /// The model reads no PDFs (no `file` or `document` input).
    NoPdfInput,
    /// An image or the request was over the provider's size limit.
    TooLarge,
    /// An image was over the provider's pixel limit.
    TooManyPixels,
    /// A PDF had more pages than the provider reads.
    TooManyPages,
    /// The bytes were not of the type they were sent as, or of a type it refuses.
    MediaType,
}

/// Lowercase phrases, each with what it means.
const PHRASES: &[(&str, MediaRefusal)] = &[
    ("no endpoints found that support image input", MediaRefusal::NoImageInput),
    ("image input is not supported", MediaRefusal::NoImageInput),
    ("image_url is only supported by certain models", MediaRefusal::NoImageInput),
    ("does not support image", MediaRefusal::NoImageInput),
    ("doesn't support image", MediaRefusal::NoImageInput),
    ("do not support image", MediaRefusal::NoImageInput),
    ("not configured with a mmproj", MediaRefusal::NoImageInput),
    ("no endpoints found that support file input", MediaRefusal::NoPdfInput),
    ("does not support pdf", MediaRefusal::NoPdfInput),
    ("does not support file", MediaRefusal::NoPdfInput),
    ("file input is not supported", MediaRefusal::NoPdfInput),
    ("image exceeds", MediaRefusal::TooLarge),
    ("image dimensions exceed", MediaRefusal::TooManyPixels),
    ("pdf pages may be provided", MediaRefusal::TooManyPages),
    ("does not match the provided media type", MediaRefusal::MediaType),
    ("unsupported image format", MediaRefusal::MediaType),
];

/// What `message` (a provider's error message) says about an image or a PDF,
/// if it is such a refusal.
pub fn media_refusal(message: &str) -> Option<MediaRefusal> {
    let message = message.to_ascii_lowercase();
    PHRASES.iter().find(|(phrase, _)| message.contains(phrase)).map(|(_, refusal)| *refusal)
}

impl MediaRefusal {
    /// What the user can do, for the error card.
    pub fn advice(self) -> &'static str {
        match self {
            MediaRefusal::NoImageInput => {
                "This model reads no images; Hearth remembers it and sends a short note in their place from now \
                 on. Retry, or switch to a model that reads images (set what a model reads in Providers)."
            }
            MediaRefusal::NoPdfInput => {
                "This model reads no PDFs; Hearth remembers it and sends their text in their place from now on. \
                 Retry, or switch to a model that reads PDFs."
            }
            MediaRefusal::TooLarge => {
                "An image or the whole request is over the provider's size limit: remove the largest attachment, or \
                 send it in a new conversation."
            }
            MediaRefusal::TooManyPixels => {
                "An image is larger than the provider allows (in pixels): remove it, or send fewer images in one \
                 conversation (some providers allow less when a request has many)."
            }
            MediaRefusal::TooManyPages => {
                "A PDF has more pages than this model reads: send fewer pages (split the PDF), or a model with a \
                 larger page limit, such as Gemini."
            }
            MediaRefusal::MediaType => {
                "An attachment is of a type the provider refuses: remove it, or convert it to JPEG or PNG first."
            }
        }
    }

    /// Whether the refusal says the model reads no images or PDFs at all
    /// (something to remember for the model), rather than a limit.
    pub fn is_capability(self) -> bool {
        matches!(self, MediaRefusal::NoImageInput | MediaRefusal::NoPdfInput)
    }
}

#[cfg(test)]
mod tests;
