//! CSV files for spreadsheets (RFC 4180, CRLF line ends). A cell that a spreadsheet would read as a
//! formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading
//! apostrophe, so that text from the database cannot run as a formula on a staff member's machine
//! (a number such as `-25.50` stays a number).
use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;

/// One CSV file being written, row by row.
#[derive(Default)]
pub struct Csv(String);

impl Csv {
    pub fn row<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.0.push_str(&line(cells));
    }

    /// The file as a download named `file_name` (ASCII letters, digits, dots and dashes).
    pub fn into_download(self, file_name: &str) -> Response {
        download(file_name, Body::from(self.0))
    }
}

/// One row of a CSV file, line end included.
pub fn line<S: AsRef<str>>(cells: impl IntoIterator<Item = S>) -> String {
    let cells: Vec<String> = cells.into_iter().map(|c| cell(c.as_ref())).collect();
    format!("{}\r\n", cells.join(","))
}

/// A CSV file written as it is read, slice by slice (each item a few rows), so that a file of any
/// length takes little memory; a failure part-way ends the download early.
pub fn streamed_download(
    file_name: &str,
    slices: impl Stream<Item = Result<Bytes, std::io::Error>> + Send + 'static,
) -> Response {
    download(file_name, Body::from_stream(slices))
}

fn download(file_name: &str, body: Body) -> Response {
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\""))
        .unwrap_or(HeaderValue::from_static("attachment"));
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}

fn cell(text: &str) -> String {
    let number = text.parse::<f64>().is_ok();
    let guarded = if !number && text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_what_needs_quoting_and_disarms_formulas() {
        let mut csv = Csv::default();
        csv.row(["plain", "a,b", "say \"hi\"", "=SUM(A1)", "-3", "-2+3", "two\nlines"]);
        assert_eq!(csv.0, "plain,\"a,b\",\"say \"\"hi\"\"\",'=SUM(A1),-3,'-2+3,\"two\nlines\"\r\n");
    }
}
