//! The valid fast path allocates nothing: `is_valid` and `validate` of a valid name without
//! warnings, in every convention, counted by a global allocator (this test binary only).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::{is_valid, parse, validate, Convention, Options};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

mod support;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn valid_names_allocate_nothing() {
    let opts = Options::default();
    // Read before counting: loading allocates.
    let data = support::data::typical_names();
    let names: Vec<(Convention, String)> = data
        .names
        .into_iter()
        .map(|(id, name)| (id.parse().unwrap_or_else(|e| panic!("typical-names.json: {e}")), name))
        .collect();
    // One name per convention: every convention's fast path is measured.
    let mut covered: Vec<Convention> = names.iter().map(|(c, _)| *c).collect();
    covered.sort_by_key(|c| c.id());
    let mut all = Convention::ALL.to_vec();
    all.sort_by_key(|c| c.id());
    assert_eq!(covered, all, "typical-names.json names one name per convention");
    for (conv, name) in &names {
        let (conv, name) = (*conv, name.as_str());
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        let ok = is_valid(name, conv, &opts);
        let report = validate(name, conv, &opts);
        let parts = parse(name, conv, &opts);
        let after = ALLOCATIONS.load(Ordering::SeqCst);
        assert!(ok && report.is_valid() && parts.is_ok());
        assert_eq!(after - before, 0, "{conv} {name:?} allocated {} times", after - before);
    }
    // An invalid name does allocate (messages, a suggestion): the counter works.
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let _ = validate("MyProject:CreateTask", Convention::Chora, &opts);
    assert!(ALLOCATIONS.load(Ordering::SeqCst) > before);
}
