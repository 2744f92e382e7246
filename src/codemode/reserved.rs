//! The words an identifier of code mode must never be, per language: the language's keywords and
//! reserved words, and the globals (builtins) a namespace or a function of that name would shadow.
//! Each list names its source; the tests compare them with the sources where these run here
//! (TypeScript's scanner through the pinned `typescript` package, Python's `keyword` and
//! `builtins` modules through the Python package's test suite).
//!
//! The mcp-naming view escapes a reserved word with a trailing `_` (`delete` → `delete_`,
//! `class` → `class_`, PEP 8's own convention), which no other identifier it gives can end with.

use super::Language;
use std::collections::HashSet;
use std::sync::OnceLock;

/// ECMAScript 2025 (ECMA-262, 16th edition), §12.7.2 "Keywords and Reserved Words": every
/// `ReservedWord`, and the words strict mode code reserves as well (`implements`, `interface`,
/// `let`, `package`, `private`, `protected`, `public`, `static`, `yield`), and `arguments` and
/// `eval`, which strict code cannot bind (§13.1.1).
const ECMASCRIPT: &[&str] = &[
    "arguments",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// TypeScript 5.9: every keyword of its scanner (`src/compiler/scanner.ts`, `textToKeywordObj`;
/// `SyntaxKind.FirstKeyword` to `LastKeyword`), contextual ones included (`type`, `namespace`,
/// `declare`, `module`, `global`, …): a declaration file names no function or namespace after
/// one of them.
const TYPESCRIPT: &[&str] = &[
    "abstract",
    "accessor",
    "any",
    "as",
    "assert",
    "asserts",
    "async",
    "bigint",
    "boolean",
    "constructor",
    "declare",
    "defer",
    "from",
    "get",
    "global",
    "infer",
    "intrinsic",
    "is",
    "keyof",
    "module",
    "namespace",
    "never",
    "number",
    "object",
    "of",
    "out",
    "override",
    "readonly",
    "require",
    "satisfies",
    "set",
    "string",
    "symbol",
    "type",
    "undefined",
    "unique",
    "unknown",
    "using",
];

/// The globals of a JavaScript code-mode sandbox a namespace would shadow: the global object's
/// properties (ECMA-262 §19: value, function, constructor and other properties, and Annex B's
/// `escape` / `unescape`), the hosts' common ones (WHATWG and Node.js: `console`, `fetch`,
/// timers, `URL`, `crypto`, `process`, `require`, …), and `Object.prototype`'s own members
/// (§20.1.3 and Annex B.2.2: `constructor`, `toString`, `__proto__`, …), which a member of a
/// namespace object would shadow, with `prototype`.
const JAVASCRIPT_GLOBALS: &[&str] = &[
    // §19.1 value properties, §19.2 function properties, Annex B.2.1.
    "globalThis",
    "Infinity",
    "NaN",
    "undefined",
    "eval",
    "isFinite",
    "isNaN",
    "parseFloat",
    "parseInt",
    "decodeURI",
    "decodeURIComponent",
    "encodeURI",
    "encodeURIComponent",
    "escape",
    "unescape",
    // §19.3 constructor properties.
    "AggregateError",
    "Array",
    "ArrayBuffer",
    "BigInt",
    "BigInt64Array",
    "BigUint64Array",
    "Boolean",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "FinalizationRegistry",
    "Float16Array",
    "Float32Array",
    "Float64Array",
    "Function",
    "Int8Array",
    "Int16Array",
    "Int32Array",
    "Iterator",
    "Map",
    "Number",
    "Object",
    "Promise",
    "Proxy",
    "RangeError",
    "ReferenceError",
    "RegExp",
    "Set",
    "SharedArrayBuffer",
    "String",
    "Symbol",
    "SyntaxError",
    "TypeError",
    "Uint8Array",
    "Uint8ClampedArray",
    "Uint16Array",
    "Uint32Array",
    "URIError",
    "WeakMap",
    "WeakRef",
    "WeakSet",
    // §19.4 other properties.
    "Atomics",
    "JSON",
    "Math",
    "Reflect",
    "Intl",
    "WebAssembly",
    // The hosts' (WHATWG HTML, Fetch, URL, Encoding, DOM; Node.js globals and CommonJS scope).
    "console",
    "fetch",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "setImmediate",
    "clearImmediate",
    "queueMicrotask",
    "structuredClone",
    "atob",
    "btoa",
    "crypto",
    "performance",
    "navigator",
    "self",
    "window",
    "document",
    "location",
    "URL",
    "URLSearchParams",
    "Request",
    "Response",
    "Headers",
    "FormData",
    "Blob",
    "File",
    "TextEncoder",
    "TextDecoder",
    "AbortController",
    "AbortSignal",
    "Event",
    "EventTarget",
    "ReadableStream",
    "WritableStream",
    "process",
    "require",
    "module",
    "exports",
    "Buffer",
    "global",
    "__dirname",
    "__filename",
    // §20.1.3 Object.prototype, Annex B.2.2; and `prototype`.
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "prototype",
];

/// Python 3.13 `keyword.kwlist` and `keyword.softkwlist` (`_`, `case`, `match`, `type`).
const PYTHON_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
    "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "_", "case", "match", "type",
];

/// Python 3.13 `dir(builtins)` (the exception classes, constants, functions and types; the
/// dunder names of the module itself included), with the names `typing` gives the generated
/// stubs (`Any`, `Literal`, `Never`, `NotRequired`, `TypeAlias`, `TypedDict`, `cast`).
const PYTHON_BUILTINS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "Ellipsis",
    "EncodingWarning",
    "EnvironmentError",
    "Exception",
    "ExceptionGroup",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportError",
    "ImportWarning",
    "IndentationError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "NotADirectoryError",
    "NotImplemented",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "PythonFinalizationError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeError",
    "RuntimeWarning",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "ValueError",
    "Warning",
    "ZeroDivisionError",
    "_IncompleteInputError",
    "__build_class__",
    "__debug__",
    "__doc__",
    "__import__",
    "__loader__",
    "__name__",
    "__package__",
    "__spec__",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
    "Any",
    "Literal",
    "Never",
    "NotRequired",
    "TypeAlias",
    "TypedDict",
    "cast",
];

/// Every word `language` reserves, as the lists above give them (in their order, sources first).
pub fn words(language: Language) -> impl Iterator<Item = &'static str> {
    let lists: [&[&str]; 3] = match language {
        Language::TypeScript | Language::JavaScript => [ECMASCRIPT, TYPESCRIPT, JAVASCRIPT_GLOBALS],
        Language::Python => [PYTHON_KEYWORDS, PYTHON_BUILTINS, &[]],
    };
    lists.into_iter().flatten().copied()
}

/// Whether `word` is a keyword, a reserved word or a global of `language`.
pub fn is_reserved(word: &str, language: Language) -> bool {
    static JS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    static PY: OnceLock<HashSet<&'static str>> = OnceLock::new();
    let set = match language {
        Language::TypeScript | Language::JavaScript => &JS,
        Language::Python => &PY,
    };
    set.get_or_init(|| words(language).collect()).contains(word)
}

/// Why `word` is reserved in `language`, for a diagnostic: "a keyword", "a global".
pub(crate) fn why(word: &str, language: Language) -> &'static str {
    match language {
        Language::TypeScript | Language::JavaScript => {
            if ECMASCRIPT.contains(&word) {
                "a JavaScript reserved word"
            } else if TYPESCRIPT.contains(&word) {
                "a TypeScript keyword"
            } else {
                "a JavaScript global"
            }
        }
        Language::Python => {
            if PYTHON_KEYWORDS.contains(&word) {
                "a Python keyword"
            } else {
                "a Python builtin"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_hold_the_words_the_issue_names() {
        for g in ["Object", "Promise", "JSON", "globalThis", "delete", "enum", "constructor", "__proto__", "type"] {
            assert!(is_reserved(g, Language::TypeScript), "{g}");
        }
        for p in ["class", "list", "print", "match", "type", "None", "_"] {
            assert!(is_reserved(p, Language::Python), "{p}");
        }
        assert!(!is_reserved("getUser", Language::JavaScript));
        assert_eq!(why("delete", Language::TypeScript), "a JavaScript reserved word");
        assert_eq!(why("Promise", Language::JavaScript), "a JavaScript global");
        assert_eq!(why("list", Language::Python), "a Python builtin");
    }
}
