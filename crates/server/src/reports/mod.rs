//! The report pipeline: the data file uploaded beside the report PDF (a UAD 2.6 XML or 3.6 ZIP,
//! read and checked by `portal_uad`), what it says (`GET /api/orders/{id}/report-data`), staff
//! acknowledging its warnings, and what stands in the way of delivery.
pub mod data;
pub mod routes;

pub use portal_db::migrations::m0021_report_data::DATA_FILE_TYPE_ID;
