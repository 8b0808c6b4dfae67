//! The signed-in caller of a request, as an extractor. The session middleware
//! (`auth::session::load_session`) puts it in the request; handlers take it (401 when absent) or
//! `Option<CurrentUser>`.
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use portal_db::entities::security_user;

use crate::platform::http::error::AppError;
use crate::platform::roles::UserType;

/// The signed-in caller of a request.
#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub session_id: String,
    pub csrf_token: String,
    pub user: security_user::Model,
    pub user_type: UserType,
    /// The SECRET user acting as `user` through the back-door sign-in, if any.
    pub acting_user_id: Option<i32>,
}

impl CurrentUser {
    pub fn id(&self) -> i32 {
        self.user.id
    }

    /// A user acting outside any request of theirs, through something they set up earlier (a
    /// link they sent): no session.
    pub fn offline(user: security_user::Model) -> CurrentUser {
        CurrentUser {
            session_id: String::new(),
            csrf_token: String::new(),
            user_type: user.user_type,
            acting_user_id: None,
            user,
        }
    }

    pub fn is(&self, t: UserType) -> bool {
        self.user_type == t
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<CurrentUser>().cloned().ok_or_else(AppError::unauthorized)
    }
}

impl<S: Send + Sync> axum::extract::OptionalFromRequestParts<S> for CurrentUser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts.extensions.get::<CurrentUser>().cloned())
    }
}
