//! Extractors whose rejections are JSON `AppError`s instead of axum's plain text.
use axum::extract::{FromRequest, FromRequestParts};

use super::error::AppError;

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);
