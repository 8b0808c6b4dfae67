//! The report pipeline: the data file uploaded beside the report PDF (a UAD 2.6 XML or 3.6 ZIP,
//! read and checked by `portal_uad`), what it says (`GET /api/orders/{id}/report-data`), staff
//! acknowledging its warnings, and what stands in the way of delivery; the quality review (a
//! checklist per product, worked per order) and revision requests as rounds of answered items;
//! the UCDP / EAD record and the borrower's copy; the fair-language screening of every version.
pub mod borrower_copy;
pub mod checklist;
pub mod data;
pub mod fair_language;
pub mod lender_revisions;
pub mod links;
pub mod review;
pub mod revisions;
pub mod routes;
pub mod ucdp;

pub use portal_db::migrations::m0021_report_data::DATA_FILE_TYPE_ID;
