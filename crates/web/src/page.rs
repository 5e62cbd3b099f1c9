//! The page around every game: head, navigation, and small helpers for HTML and URLs.

use std::fmt::Write as _;

use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

/// The games, as (path, name), in the navigation's order.
pub const GAMES: [(&str, &str); 5] = [
    ("/hiq", "Hi-Q"),
    ("/hex", "Hex"),
    ("/solitaire-chess", "Solitaire chess"),
    ("/megacheckers", "MegaCheckers"),
    ("/patolli", "Patolli"),
];

/// `text` with the characters HTML gives meaning escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A whole page: `title`, the navigation with `path` marked, then `body`.
pub fn page(path: &str, title: &str, body: &str) -> String {
    page_with_head(path, title, "", body)
}

/// [`page`] with more in its head (`head`, HTML).
pub fn page_with_head(path: &str, title: &str, head: &str, body: &str) -> String {
    let mut nav = String::from("<a href=\"/\">Games</a>");
    for (href, name) in GAMES {
        let here = if href == path { " class=\"here\"" } else { "" };
        let _ = write!(nav, "<a href=\"{href}\"{here}>{name}</a>");
    }
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} · boardgames</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n\
         <script src=\"/app.js\" defer></script>\n{head}</head>\n<body>\n<header>{nav}</header>\n\
         <main>\n<h1>{title}</h1>\n{body}</main>\n</body>\n</html>\n",
        title = escape(title)
    )
}

/// A page as a response.
pub fn html(page: String) -> Response {
    Html(page).into_response()
}

/// An SVG picture as a response.
pub fn svg(picture: String) -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], picture).into_response()
}

/// The board and the panel beside it. `href` is where a click on the board goes, with the
/// clicked value appended (the query ends in `click=`).
pub fn game(picture: &str, href: &str, panel: &str) -> String {
    format!(
        "<div class=\"game\">\n<div class=\"picture\" id=\"board\" data-href=\"{}\">\n{picture}</div>\n\
         <div class=\"panel\">\n{panel}</div>\n</div>\n",
        escape(href)
    )
}

/// A URL: a path and its query's pairs, in order; empty values are left out.
#[derive(Clone, Debug)]
pub struct Url {
    path: &'static str,
    pairs: Vec<(&'static str, String)>,
}

impl Url {
    /// The URL of `path` with no query.
    pub fn new(path: &'static str) -> Url {
        Url {
            path,
            pairs: Vec::new(),
        }
    }

    /// This URL with `key` set to `value` (replacing an earlier value).
    pub fn with(mut self, key: &'static str, value: impl ToString) -> Url {
        let value = value.to_string();
        self.pairs.retain(|(k, _)| *k != key);
        self.pairs.push((key, value));
        self
    }

    /// This URL without `key`.
    pub fn without(mut self, key: &str) -> Url {
        self.pairs.retain(|(k, _)| *k != key);
        self
    }

    /// The same query on another path.
    pub fn on(mut self, path: &'static str) -> Url {
        self.path = path;
        self
    }

    /// The URL that a click on the board goes to, before the clicked value.
    pub fn click(&self) -> String {
        let base = self.clone().without("click").to_string();
        if base.contains('?') {
            base + "&click="
        } else {
            base + "?click="
        }
    }

    /// An HTML link to this URL.
    pub fn link(&self, text: &str, class: &str) -> String {
        format!(
            "<a href=\"{}\" class=\"{class}\">{}</a>",
            escape(&self.to_string()),
            escape(text)
        )
    }
}

impl std::fmt::Display for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (key, value) in &self.pairs {
            if !value.is_empty() {
                query.append_pair(key, value);
            }
        }
        let query = query.finish();
        if query.is_empty() {
            f.write_str(self.path)
        } else {
            write!(f, "{}?{query}", self.path)
        }
    }
}

/// A text box for contest input (or a pasted game) in a form that goes to `path`, with the
/// other fields of `hidden` kept.
pub fn text_form(
    path: &str,
    name: &str,
    label: &str,
    text: &str,
    hidden: &[(&str, String)],
) -> String {
    let mut out = format!("<form method=\"get\" action=\"{path}\">\n");
    for (key, value) in hidden {
        let _ = writeln!(
            out,
            "<input type=\"hidden\" name=\"{key}\" value=\"{}\">",
            escape(value)
        );
    }
    let _ = write!(
        out,
        "<textarea name=\"{name}\" rows=\"6\" aria-label=\"{label}\">{}</textarea>\n\
         <button type=\"submit\" id=\"{name}-submit\">{label}</button>\n</form>\n",
        escape(text)
    );
    out
}

/// A section of the panel.
pub fn section(title: &str, body: &str) -> String {
    format!("<section>\n<h2>{}</h2>\n{body}</section>\n", escape(title))
}

/// `text` with its first letter in capitals, to start a sentence.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Preformatted text, escaped, with an id for tests.
pub fn pre(id: &str, text: &str) -> String {
    format!("<pre id=\"{id}\">{}</pre>\n", escape(text))
}

/// A link that fills the contest box of `path` with the contest's sample input and runs it.
pub fn sample_link(path: &'static str, sample: &str) -> String {
    format!(
        "<p>{}</p>\n",
        Url::new(path)
            .with("contest", sample)
            .link("The contest's sample", "button")
    )
}

/// The contest input of a request (empty when none was given), refused when it is longer than
/// [`LIMITS`](crate::LIMITS) allows.
pub fn contest_input(input: Option<&str>) -> Result<&str, crate::WebError> {
    let input = input.unwrap_or("");
    if input.len() > crate::LIMITS.text {
        return Err(crate::WebError::bad(format!(
            "contest: the input is longer than {} bytes",
            crate::LIMITS.text
        )));
    }
    Ok(input)
}

/// The note about what a click did, as a paragraph (nothing when there is no note).
pub fn note(note: &str) -> String {
    if note.is_empty() {
        return String::new();
    }
    format!("<p class=\"note\" id=\"note\">{}</p>\n", escape(note))
}
