//! The files attached to the message being written: the badges above the
//! composer. A file comes from the project (picked by `@mention`) or from the
//! user's disk (the Attach button or a drop on the conversation), which adds it
//! to the project first. A badge names a project file; its text is taken from
//! the project when the message is sent (so a file replaced in between sends
//! its new text; one removed since sends the text it had when attached), and
//! that snapshot is stored with the user's message. A resource of an MCP
//! server is attached as the text it had when read (named by its URI), and
//! sent as that. Images and PDFs are prepared and kept by [`MediaAttachments`].

use hearth_core::message::AttachedFile;
use hearth_core::message::attach::has_text_extension;
use hearth_core::storage::ProjectFileRecord;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::media::MediaAttachments;
use crate::io::files::read_bytes;
use crate::tools::state::ToolsContext;
use crate::tools::state::settings::{FileRefused, MAX_FILE_CHARS};

/// The largest file read from disk, in bytes: a UTF-8 character takes at most
/// four, so a bigger file is over [`MAX_FILE_CHARS`] without reading it.
const MAX_FILE_BYTES: f64 = (MAX_FILE_CHARS * 4) as f64;

/// The next message's attached files and what went wrong adding some; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct Attachments {
    /// The files, in the order attached; one per name.
    pub(crate) files: RwSignal<Vec<AttachedFile>>,
    /// Why the last files from disk were not attached (empty when all were).
    pub(crate) problem: RwSignal<String>,
    /// The names of the attached files that are not project files (MCP
    /// resources): sent with the text they were attached with.
    snapshots: StoredValue<Vec<String>>,
    /// The project the attached files come from (their text at send), and
    /// where files from disk go.
    tools: ToolsContext,
    /// The attached images, PDFs and voice notes.
    pub(crate) media: MediaAttachments,
}

impl Attachments {
    /// None attached, from the project of `tools`.
    pub(crate) fn new(tools: ToolsContext) -> Self {
        Self {
            files: RwSignal::new(Vec::new()),
            problem: RwSignal::new(String::new()),
            snapshots: StoredValue::new(Vec::new()),
            tools,
            media: MediaAttachments::new(),
        }
    }

    /// Attaches the project file `file` (again: nothing changes).
    pub(crate) fn attach(self, file: &ProjectFileRecord) {
        if self.files.with_untracked(|files| files.iter().any(|f| f.name == file.name)) {
            return;
        }
        let snapshot = AttachedFile { name: file.name.clone(), content: file.content.clone() };
        self.files.update(|files| files.push(snapshot));
    }

    /// Attaches the text `content` named `name` as it is (a resource read from
    /// an MCP server, named by its URI), in place of an attached file of the
    /// same name; refused (nothing changes) over [`MAX_FILE_CHARS`], like a file.
    pub(crate) fn attach_text(self, name: String, content: String) -> Result<(), FileRefused> {
        if content.chars().count() > MAX_FILE_CHARS {
            return Err(FileRefused::TooLong { name });
        }
        self.attach_snapshot(AttachedFile { name, content });
        Ok(())
    }

    fn attach_snapshot(self, file: AttachedFile) {
        self.snapshots.update_value(|names| {
            if !names.contains(&file.name) {
                names.push(file.name.clone());
            }
        });
        self.files.update(|files| match files.iter_mut().find(|f| f.name == file.name) {
            Some(attached) => *attached = file,
            None => files.push(file),
        });
    }

    /// Takes the file named `name` off.
    pub(crate) fn remove(self, name: &str) {
        self.files.update(|files| files.retain(|file| file.name != name));
        self.snapshots.update_value(|names| names.retain(|known| known != name));
    }

    /// The attached files with each one's text as the project holds it now
    /// (as attached when the project file was removed since), leaving none:
    /// the message is being sent.
    pub(crate) fn take(self) -> Vec<AttachedFile> {
        self.problem.set(String::new());
        let mut files = self.files.try_update(std::mem::take).unwrap_or_default();
        let snapshots = self.snapshots.try_update_value(std::mem::take).unwrap_or_default();
        self.tools.files.with_untracked(|project| {
            for file in files.iter_mut().filter(|file| !snapshots.contains(&file.name)) {
                if let Some(current) = project.iter().find(|stored| stored.name == file.name) {
                    file.content.clone_from(&current.content);
                }
            }
        });
        files
    }

    /// Whether nothing is attached (no file, image or PDF).
    pub(crate) fn is_empty(self) -> bool {
        self.files.with(Vec::is_empty) && self.media.is_empty()
    }

    /// Reads files from the user's disk (picked, dropped or pasted): a text
    /// file is added to the project and attached, an image or a PDF is
    /// prepared and attached; a file that is refused changes nothing, and
    /// `problem` says why.
    pub(crate) fn add_from_disk(self, files: Vec<web_sys::File>) {
        if files.is_empty() {
            return;
        }
        let (texts, others): (Vec<web_sys::File>, Vec<web_sys::File>) =
            files.into_iter().partition(|file| has_text_extension(&file.name()));
        self.problem.set(String::new());
        let add_problems = move |problems: Vec<String>| {
            if !problems.is_empty() {
                self.problem.update(|problem| {
                    let mut all: Vec<String> = (!problem.is_empty()).then(|| problem.clone()).into_iter().collect();
                    all.extend(problems);
                    *problem = all.join(" ");
                });
            }
        };
        if !others.is_empty() {
            self.media.attach_all(others, add_problems);
        }
        if texts.is_empty() {
            return;
        }
        spawn_local(async move {
            let mut problems = Vec::new();
            for file in texts {
                match read_into_project(self.tools, &file).await {
                    Ok(record) => self.attach(&record),
                    Err(refused) => problems.push(refused.to_string()),
                }
            }
            add_problems(problems);
        });
    }
}

/// One file from disk into the project (or the project file it already is).
async fn read_into_project(tools: ToolsContext, file: &web_sys::File) -> Result<ProjectFileRecord, FileRefused> {
    let name = file.name();
    // The name is checked with the text, by `attach_project_file`.
    if file.size() > MAX_FILE_BYTES {
        return Err(FileRefused::TooLong { name });
    }
    let bytes = read_bytes(file).await.map_err(|_| FileRefused::Unreadable { name: name.clone() })?;
    tools.attach_project_file(name, &bytes)
}
