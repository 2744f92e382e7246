//! Sorting by index: one stable sort for every caller, since each sort instantiation costs
//! kilobytes of wasm.

/// The indices `0..n` sorted (stably) by `cmp`: one sort for every caller, since each sort
/// instantiation costs kilobytes of wasm.
pub(crate) fn order(n: usize, cmp: &dyn Fn(usize, usize) -> std::cmp::Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// `items` rearranged by `order` (a permutation of their indices, as [`order`] gives).
pub(crate) fn permute<T>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order.iter().filter_map(|&i| slots.get_mut(i).and_then(Option::take)).collect()
}
