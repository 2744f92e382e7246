//! The valid fast path allocates nothing: `is_valid` and `validate` of a valid name without
//! warnings, in every convention, counted by a global allocator (this test binary only).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::{is_valid, parse, validate, Convention, Options};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

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
    let data: serde_json::Value = serde_json::from_str(include_str!("data/typical-names.json")).unwrap();
    let names: Vec<(Convention, String)> = data["names"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(id, name)| (id.parse().unwrap(), name.as_str().unwrap().to_string()))
        .collect();
    assert_eq!(names.len(), Convention::ALL.len());
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
