//! The page tree (ISO 32000-1 §7.7.3): pages in order, each with the
//! `/Resources` it has or inherits, and its content streams. Cycles (a node
//! among its own kids) and depth are cut.

use std::collections::HashSet;
use std::rc::Rc;

use super::file::Doc;
use super::object::Obj;

/// At most this many pages are read.
const MAX_PAGES: usize = 100_000;
/// How deep the page tree may go.
const MAX_TREE_DEPTH: usize = 64;
/// At most this many content streams per page.
const MAX_PAGE_STREAMS: usize = 10_000;

/// A page: its resources (inherited when it has none) and content streams.
#[derive(Debug)]
pub(super) struct PageRef {
    pub(super) resources: Rc<Obj>,
    pub(super) contents: Vec<u32>,
}

/// The pages in the page tree's order, each with its inherited resources;
/// when the tree gives none, every `/Type /Page` object in file order.
pub(super) fn page_list(doc: &Doc<'_>) -> Vec<PageRef> {
    let mut pages = Vec::new();
    let mut visited = HashSet::new();
    if let Some(root) = doc.catalog().and_then(|catalog| catalog.get(b"Pages")) {
        walk(doc, root, &Rc::new(Obj::Null), 0, &mut visited, &mut pages);
    }
    if pages.is_empty() {
        for number in doc.numbers_where(|dict| dict.is(b"Type", b"Page")).into_iter().take(MAX_PAGES) {
            let Some(page) = doc.object(number) else { continue };
            let resources = inherited_resources(doc, &page);
            let contents = page.as_dict().map(|page| contents(doc, page.get(b"Contents"))).unwrap_or_default();
            pages.push(PageRef { resources, contents });
        }
    }
    pages
}

/// Walks the page tree from `node`, cutting cycles and depth.
fn walk(
    doc: &Doc<'_>,
    node: &Obj,
    inherited: &Rc<Obj>,
    depth: usize,
    visited: &mut HashSet<u32>,
    pages: &mut Vec<PageRef>,
) {
    if depth > MAX_TREE_DEPTH || pages.len() >= MAX_PAGES {
        return;
    }
    if let Obj::Ref(number) = node {
        if !visited.insert(*number) {
            return;
        }
    }
    let Some(dict) = doc.dict(node) else { return };
    let resources = dict.get(b"Resources").map_or_else(|| inherited.clone(), |own| Rc::new(own.clone()));
    match dict.get(b"Kids").map(|kids| doc.resolve(kids)) {
        Some(Obj::Array(kids)) if !dict.is(b"Type", b"Page") => {
            for kid in kids {
                walk(doc, kid, &resources, depth + 1, visited, pages);
            }
        }
        _ if !dict.is(b"Type", b"Pages") => {
            pages.push(PageRef { resources, contents: contents(doc, dict.get(b"Contents")) });
        }
        _ => {}
    }
}

/// A page's resources: its own, or the nearest ancestor's by `/Parent`.
fn inherited_resources(doc: &Doc<'_>, page: &Obj) -> Rc<Obj> {
    let mut node = page;
    for _ in 0..MAX_TREE_DEPTH {
        let Some(dict) = doc.dict(node) else { break };
        if let Some(resources) = dict.get(b"Resources") {
            return Rc::new(resources.clone());
        }
        let Some(parent) = dict.get(b"Parent") else { break };
        node = parent;
    }
    Rc::new(Obj::Null)
}

/// The object numbers of a page's content streams (`/Contents` is a stream
/// or an array of them).
fn contents(doc: &Doc<'_>, value: Option<&Obj>) -> Vec<u32> {
    let is_stream = |obj: &Obj| match obj {
        Obj::Ref(number) => doc.stream_dict(*number).is_some().then_some(*number),
        _ => None,
    };
    let Some(value) = value else { return Vec::new() };
    if let Some(number) = is_stream(value) {
        return vec![number];
    }
    let items = doc.resolve(value).as_array().unwrap_or_default();
    items.iter().filter_map(is_stream).take(MAX_PAGE_STREAMS).collect()
}

/// The resource `name` of `category` (`Font`, `XObject`) in `resources`, unresolved.
pub(super) fn resource<'s>(doc: &'s Doc<'_>, resources: &'s Obj, category: &[u8], name: &[u8]) -> Option<&'s Obj> {
    doc.dict(doc.dict(resources)?.get(category)?)?.get(name)
}

/// The object number of the form XObject `name` in `resources`, if it is one.
pub(super) fn form_number(doc: &Doc<'_>, resources: &Obj, name: &[u8]) -> Option<u32> {
    let Some(Obj::Ref(number)) = resource(doc, resources, b"XObject", name) else { return None };
    doc.stream_dict(*number)?.is(b"Subtype", b"Form").then_some(*number)
}
