//! Gathering what a page needs before it is read: its content streams, then
//! (as they come) the forms they draw with `Do` and the `/ToUnicode` CMaps
//! of the fonts they select with `Tf`; each stream that must be inflated
//! becomes an [`InflateRequest`], each asked for once.

use std::rc::Rc;

use super::cmap::CMap;
use super::file::Access;
use super::object::Obj;
use super::operations::Operations;
use super::pages::{form_number, resource};
use super::{Availability, InflateRequest, MAX_INFLATED, MAX_ROUNDS, PageWork, PdfText, Purpose};

impl<'a> PdfText<'a> {
    /// Keeps a stream's decoded data for what it is for.
    pub(super) fn keep(&mut self, id: u32, purpose: Purpose, data: Rc<[u8]>) {
        match purpose {
            Purpose::ObjectStream => self.doc.add_object_stream(id, &data),
            Purpose::Contents => drop(self.contents.insert(id, data)),
            Purpose::Form => drop(self.forms.insert(id, data)),
            Purpose::CMap => drop(self.cmaps.insert(id, Rc::new(CMap::parse(&data)))),
        }
    }

    /// Whether stream `id` is there for `purpose`; when it must be inflated
    /// first, a request for it joins `requests`.
    pub(super) fn available(
        &mut self,
        id: u32,
        purpose: Purpose,
        requests: &mut Vec<InflateRequest<'a>>,
    ) -> Availability {
        let kept = match purpose {
            Purpose::ObjectStream => false,
            Purpose::Contents => self.contents.contains_key(&id),
            Purpose::Form => self.forms.contains_key(&id),
            Purpose::CMap => self.cmaps.contains_key(&id),
        };
        if kept {
            return Availability::Ready;
        }
        if self.failed.contains(&id) {
            return Availability::Gone;
        }
        if self.asked.contains_key(&id) {
            return Availability::Waiting;
        }
        match self.doc.access(id) {
            Access::Ready(data) => {
                self.keep(id, purpose, data.into_owned().into());
                Availability::Ready
            }
            Access::Inflate(input) if !self.limited => {
                self.asked.insert(id, purpose);
                requests.push(InflateRequest { id, input, max_len: MAX_INFLATED.saturating_sub(self.inflated) });
                Availability::Waiting
            }
            Access::Inflate(_) | Access::Unreadable => {
                self.failed.insert(id);
                Availability::Gone
            }
        }
    }

    /// Finds what the page needs that is not there yet: its content streams,
    /// then (as they come) the forms they draw and the CMaps of the fonts they
    /// select. Returns the requests for this round (none: the page is ready).
    pub(super) fn gather(&mut self, work: &mut PageWork) -> Vec<InflateRequest<'a>> {
        let mut requests = Vec::new();
        let mut waiting = Vec::new();
        while !work.pending.is_empty() {
            for (id, purpose, resources) in std::mem::take(&mut work.pending) {
                if work.rounds >= MAX_ROUNDS && !self.is_kept(id, purpose) {
                    continue;
                }
                match self.available(id, purpose, &mut requests) {
                    Availability::Ready => self.needs(id, purpose, &resources, work),
                    Availability::Waiting => waiting.push((id, purpose, resources)),
                    Availability::Gone => {}
                }
            }
        }
        work.pending = waiting;
        requests
    }

    fn is_kept(&self, id: u32, purpose: Purpose) -> bool {
        match purpose {
            Purpose::Contents => self.contents.contains_key(&id),
            Purpose::Form => self.forms.contains_key(&id),
            Purpose::CMap => self.cmaps.contains_key(&id),
            Purpose::ObjectStream => false,
        }
    }

    /// Adds to `work` the forms and CMaps that stream `id` (page contents or
    /// a form) needs: the fonts selected with `Tf` and forms drawn with `Do`.
    fn needs(&self, id: u32, purpose: Purpose, resources: &Rc<Obj>, work: &mut PageWork) {
        let data = match purpose {
            Purpose::Contents => self.contents.get(&id),
            Purpose::Form => self.forms.get(&id),
            Purpose::CMap | Purpose::ObjectStream => None,
        };
        let Some(data) = data else { return };
        let mut operations = Operations::new(data);
        while let Some(operator) = operations.next_operator() {
            let name = match operator {
                b"Tf" => operations.operands.len().checked_sub(2).and_then(|at| operations.operands.get(at)),
                b"Do" => operations.last(),
                _ => continue,
            };
            let Some(Obj::Name(name)) = name else { continue };
            if operator == b"Do" {
                let Some(form) = form_number(&self.doc, resources, name) else { continue };
                if work.seen.insert(form) {
                    let own = self.doc.stream_dict(form).and_then(|dict| dict.get(b"Resources"));
                    let own = own.filter(|own| self.doc.dict(own).is_some()).map(|own| Rc::new(own.clone()));
                    work.pending.push((form, Purpose::Form, own.unwrap_or_else(|| resources.clone())));
                }
                continue;
            }
            let font = resource(&self.doc, resources, b"Font", name).and_then(|font| self.doc.dict(font));
            if let Some(Obj::Ref(cmap)) = font.and_then(|font| font.get(b"ToUnicode")) {
                if work.seen.insert(*cmap) {
                    work.pending.push((*cmap, Purpose::CMap, resources.clone()));
                }
            }
        }
    }
}
