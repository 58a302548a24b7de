//! Compare views: a compare turn's answers side by side (`CompareTurn`), each
//! answer's column (`CompareColumn`) and the merge form (`MergeForm`). They
//! are the `compare` chunk's views, built by [`compare_turn_view`] when a
//! conversation shows a compare turn; the turn's work is in
//! `chat::state::comparing`, and the panel that sets a compare up is the
//! composer's (`composer::compare_setup`). The guide page is
//! `docs/branches.md` ("Compare models").
//!
//! [`compare_turn_view`]: compare_turn::compare_turn_view

pub(crate) mod compare_column;
pub(crate) mod compare_turn;
pub(crate) mod merge_form;
