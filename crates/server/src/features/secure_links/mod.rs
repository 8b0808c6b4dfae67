//! Secure links (docs/domain.md#secure-links): secure messages staff send to an appraiser about an
//! order, with attachments. Only the recipient sees a link; the first time they open it,
//! viewDateTime is set, once. Attachments download with the same check.
pub mod routes;
