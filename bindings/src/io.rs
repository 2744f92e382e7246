//! The buffers the hot functions use instead of allocating per call: the glue encodes a name
//! into the input buffer and passes its length; reports come back in the output buffer, which
//! the glue reads through a `Uint32Array` view of wasm memory; texts come back as one string.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = RefCell::new(vec![0; 1024]);
    static OUTPUT: RefCell<Vec<u32>> = RefCell::new(Vec::with_capacity(256));
    static TEXT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Makes the input buffer hold at least `len` bytes and returns its address in wasm memory.
#[wasm_bindgen]
pub fn input_buffer(len: u32) -> u32 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() < len as usize {
            b.resize((len as usize).next_power_of_two(), 0);
        }
        b.as_ptr() as u32
    })
}

/// The module's `WebAssembly.Memory`, for the glue's views of the buffers.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Runs `f` on the first `len` bytes of the input buffer, read as UTF-8 (the glue writes UTF-8;
/// anything else reads as its longest valid prefix, never as a panic).
pub(crate) fn with_input<T>(len: u32, f: impl FnOnce(&str) -> T) -> T {
    INPUT.with(|b| {
        let b = b.borrow();
        let bytes = &b[..(len as usize).min(b.len())];
        let text = match std::str::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
        };
        f(text)
    })
}

/// Fills the output buffer (after its length slot) and the text, and returns the buffer's address.
pub(crate) fn write_output(fill: impl FnOnce(&mut Vec<u32>, &mut String)) -> u32 {
    OUTPUT.with(|o| {
        TEXT.with(|t| {
            let mut o = o.borrow_mut();
            let mut t = t.borrow_mut();
            o.clear();
            t.clear();
            o.push(0);
            fill(&mut o, &mut t);
            o[0] = o.len() as u32;
            o.as_ptr() as u32
        })
    })
}

/// Appends texts to `text`, and their count and UTF-16 lengths to `out`.
pub(crate) fn push_texts<'a>(texts: impl Iterator<Item = &'a str>, out: &mut Vec<u32>, text: &mut String) {
    let at = out.len();
    out.push(0);
    for s in texts {
        out.push(s.encode_utf16().count() as u32);
        text.push_str(s);
    }
    out[at] = (out.len() - at - 1) as u32;
}

/// The texts of the last output, taken.
pub(crate) fn take_text() -> String {
    TEXT.with(|t| std::mem::take(&mut *t.borrow_mut()))
}
