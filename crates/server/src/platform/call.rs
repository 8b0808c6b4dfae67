//! What a handler for signed-in callers takes first: the application's state and the caller (401
//! when nobody is signed in), and, for a call about one record, that record's id from the path.
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::AppError;
use crate::platform::http::extract::Path;
use crate::platform::state::AppState;

/// A signed-in call.
pub struct Call {
    pub state: AppState,
    pub caller: CurrentUser,
}

impl FromRequestParts<AppState> for Call {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let caller = CurrentUser::from_request_parts(parts, state).await?;
        Ok(Call { state: state.clone(), caller })
    }
}

/// A signed-in call about the record of the path's one parameter (`/api/staff/orders/{id}`).
pub struct CallOn<Id> {
    pub state: AppState,
    pub caller: CurrentUser,
    pub id: Id,
}

impl<Id: DeserializeOwned + Send> FromRequestParts<AppState> for CallOn<Id> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Call { state, caller } = Call::from_request_parts(parts, state).await?;
        let Path(id) = Path::<Id>::from_request_parts(parts, &state).await?;
        Ok(CallOn { state, caller, id })
    }
}

/// The order a path names (`/api/staff/orders/{id}`), as the API document describes it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct OrderId {
    /// Order id
    pub id: i64,
}

/// The invoice a path names (`/api/staff/invoices/{id}`).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct InvoiceId {
    /// Invoice id
    pub id: i64,
}

/// The stored file a path names (`/api/file/{id}`).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct FileId {
    /// File id
    pub id: i64,
}
