//! Knowledge bases: the Knowledge dialog (bases, their files and what became
//! of each, embeddings), the passages a reply was given, and the viewer that
//! opens a passage where it is in its file. `state` holds
//! `KnowledgeContext` and what a turn asks of the bases (the `knowledge`
//! chunk); the worker that reads and searches the files is
//! `crate::io::knowledge`.

pub(crate) mod base_section;
pub(crate) mod embedding_choice;
pub(crate) mod file_row;
pub(crate) mod file_text;
pub(crate) mod folder_link;
pub(crate) mod knowledge_dialog;
pub(crate) mod new_base_form;
pub(crate) mod passage_viewer;
pub(crate) mod reply_knowledge;
pub(crate) mod state;
