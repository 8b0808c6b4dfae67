//! Extractors whose rejections are JSON `AppError`s instead of axum's plain text.
use axum::extract::{FromRequest, FromRequestParts};

use super::error::AppError;

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

/// The highest page number a list accepts: its offset (at 200 a page) stays far inside every
/// integer type the arithmetic and the databases use, so no page number can overflow a handler.
pub const MAX_PAGE: u64 = i32::MAX as u64;
