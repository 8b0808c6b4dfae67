//! Fair-language screening of every report version (Fannie Mae Selling Guide B4-1.1-04; Freddie
//! Mac's UCDP rejects such language): the data file's comment and description fields and the
//! report PDF's text, against rules kept as versioned data; findings a reviewer disposes of; a
//! pre-check for appraisers that stores nothing.
mod findings;
mod rules;
mod screen;

pub use findings::{
    FairLanguageFinding, Screened, Screening, current, ensure_clear, places_of, record, screen_pdf,
    screen_version, unstored,
};

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    rules::staff_router().merge(findings::staff_router())
}
