//! Tests of what a model reads besides text when the user has not said: the
//! user's choice and a provider's refusals first, then the documentation.

use super::*;

fn inputs(model: &str, images: bool, pdfs: bool, from: InputsFrom) -> ModelInputs {
    ModelInputs { model: model.into(), accepts: Accepts { images, pdfs, audio: false }, from }
}

#[test]
fn the_user_and_refusals_outrank_the_model_list() {
    let user = inputs("m", true, true, InputsFrom::User);
    let listed = inputs("m", false, false, InputsFrom::ModelList);
    assert_eq!(ModelInputs::updated(Some(&user), listed.clone()), None, "a list never overrides the user");
    assert_eq!(ModelInputs::updated(None, listed.clone()), Some(listed.clone()));
    // A refusal of images keeps what else was known.
    let refused = inputs("m", false, true, InputsFrom::Refusal);
    assert_eq!(ModelInputs::updated(Some(&user), refused.clone()), Some(inputs("m", false, true, InputsFrom::Refusal)));
    let refused_listed = ModelInputs::updated(Some(&inputs("m", true, false, InputsFrom::ModelList)), refused);
    assert_eq!(refused_listed, Some(inputs("m", false, false, InputsFrom::Refusal)));
    // The user's word replaces a refusal; the same again changes nothing.
    let said = inputs("m", true, false, InputsFrom::User);
    let known = inputs("m", false, false, InputsFrom::Refusal);
    assert_eq!(ModelInputs::updated(Some(&known), said.clone()), Some(said.clone()));
    assert_eq!(ModelInputs::updated(Some(&said), said.clone()), None);
    // What was known about another model does not count.
    assert_eq!(
        ModelInputs::updated(Some(&user), inputs("n", true, false, InputsFrom::ModelList)).map(|i| i.model),
        Some("n".into())
    );
}

#[test]
fn known_models_read_what_their_documentation_says() {
    assert_eq!(Preset::Anthropic.accepts("claude-sonnet-4-5"), Accepts::VISUAL, "Claude hears no audio");
    assert_eq!(Preset::Gemini.accepts("gemini-2.5-flash"), Accepts::ALL);
    assert_eq!(Preset::OpenAi.accepts("gpt-4o-mini"), Accepts::VISUAL);
    assert_eq!(Preset::OpenAi.accepts("gpt-5"), Accepts::VISUAL);
    assert_eq!(Preset::Azure.accepts("o4-mini"), Accepts::VISUAL);
    // Chat completions hear audio on the audio models only.
    assert_eq!(Preset::OpenAi.accepts("gpt-audio"), Accepts::ALL);
    assert_eq!(Preset::OpenAi.accepts("gpt-4o-mini-audio-preview"), Accepts::ALL);
    assert_eq!(Preset::OpenAi.accepts("gpt-4o-mini-transcribe"), Accepts::VISUAL);
    assert!(Preset::OpenRouter.accepts("openai/gpt-4o-audio-preview").audio);
    assert!(Preset::Ollama.accepts("qwen2-audio:7b").audio);
    assert!(!Preset::Ollama.accepts("llava:13b").audio);
    assert_eq!(Preset::OpenAi.accepts("gpt-3.5-turbo"), Accepts::TEXT);
    assert_eq!(Preset::OpenAi.accepts("o3-mini"), Accepts::TEXT);
    assert_eq!(Preset::OpenAi.accepts("gpt-3.5-turbo-instruct"), Accepts::TEXT);
    assert_eq!(Preset::DeepSeek.accepts("deepseek-chat"), Accepts::TEXT);
    assert_eq!(Preset::OpenRouter.accepts("deepseek/deepseek-r1"), Accepts::TEXT);
}

#[test]
fn unknown_models_on_compatible_servers_try_images_but_get_no_pdfs() {
    for preset in [Preset::Ollama, Preset::LmStudio, Preset::LlamaCpp, Preset::Custom, Preset::OpenRouter] {
        assert_eq!(preset.accepts("some-model"), Accepts::IMAGES, "{preset:?}: no PDFs, no audio");
    }
}
