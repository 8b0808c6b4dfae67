//! GET and PUT /api/me/notification-preferences, and the unsubscribe link of the e-mails
//! (POST /api/notifications/unsubscribe, which needs no session: the token is the proof).
use axum::extract::State;
use portal_db::entities::notification_preference as row;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::preferences::{self, Preferences};
use super::{Delivery, Event};
use crate::platform::call::Call;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub const MSG_BAD_DIGEST_HOUR: &str = "The digest hour must be a whole hour from 0 to 23.";
pub const MSG_NOT_OFFERED: &str = "That notification is not one you can choose.";
pub const MSG_BAD_UNSUBSCRIBE: &str =
    "This unsubscribe link is not valid. Choose your notifications in Profile Settings instead.";

/// The signed-in user's own choices.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read_preferences, write_preferences))
}

/// The e-mails' unsubscribe link, open to anyone holding its token.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unsubscribe))
}

/// One event and how the user hears of it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventChoice {
    pub event: Event,
    /// What the event is, for people ("New assignment"); ignored when sent.
    #[serde(default)]
    pub label: String,
    pub delivery: Delivery,
}

/// The caller's notification choices: every event, and the digest hour.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationPreferences {
    pub events: Vec<EventChoice>,
    /// With an hour (0-23, in the company's time zone), e-mails wait for one digest sent daily at
    /// that hour; null sends each at once. SMS are always sent at once.
    #[schema(minimum = 0, maximum = 23)]
    pub digest_hour: Option<i32>,
    /// The company's time zone, which the digest hour is in; ignored when sent.
    #[serde(default)]
    pub time_zone: String,
    /// The caller has a cell phone number for SMS; ignored when sent.
    #[serde(default)]
    pub sms_available: bool,
}

fn answer(state: &AppState, caller: &CurrentUser, prefs: &Preferences) -> NotificationPreferences {
    let events = Event::offered_to(caller.user_type)
        .iter()
        .copied()
        .map(|event| EventChoice {
            event,
            label: event.label().into(),
            delivery: prefs.delivery(event),
        })
        .collect();
    NotificationPreferences {
        events,
        digest_hour: prefs.digest_hour.map(i32::from),
        time_zone: state.config.company_time_zone.clone(),
        sms_available: caller.user.cell_phone.as_deref().is_some_and(|c| !c.trim().is_empty()),
    }
}

#[utoipa::path(
    get,
    path = "/api/me/notification-preferences",
    tag = "notifications",
    responses(
        (status = 200, body = NotificationPreferences),
        (status = 401, body = MessageResponse),
    ),
)]
async fn read_preferences(
    Call { state, caller }: Call,
) -> AppResult<axum::Json<NotificationPreferences>> {
    let prefs = preferences::load_or_create(&state.db, caller.id()).await?;
    Ok(axum::Json(answer(&state, &caller, &prefs)))
}

/// Stores the caller's choices; events left out keep theirs.
#[utoipa::path(
    put,
    path = "/api/me/notification-preferences",
    tag = "notifications",
    request_body = NotificationPreferences,
    responses(
        (status = 200, body = NotificationPreferences),
        (status = 401, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn write_preferences(
    Call { state, caller }: Call,
    Json(body): Json<NotificationPreferences>,
) -> AppResult<axum::Json<NotificationPreferences>> {
    let digest_hour = match body.digest_hour {
        None => None,
        Some(h) => Some(
            u8::try_from(h)
                .ok()
                .filter(|h| *h < 24)
                .ok_or_else(|| AppError::Validation(MSG_BAD_DIGEST_HOUR.into()))?,
        ),
    };
    let offered = Event::offered_to(caller.user_type);
    if body.events.iter().any(|choice| !offered.contains(&choice.event)) {
        return Err(AppError::Validation(MSG_NOT_OFFERED.into()));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let mut prefs = preferences::load_or_create(&txn, caller.id()).await?;
    for choice in body.events {
        prefs.choices.insert(choice.event, choice.delivery);
    }
    prefs.digest_hour = digest_hour;
    preferences::save(&txn, &prefs).await?;
    txn.commit().await?;
    Ok(axum::Json(answer(&state, &caller, &prefs)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribe {
    pub token: String,
    pub event: Event,
}

/// The unsubscribe link of an e-mail: no more e-mails for that event (an SMS choice stays).
#[utoipa::path(post, path = "/api/notifications/unsubscribe", tag = "notifications",
    request_body = Unsubscribe,
    responses((status = 200, body = MessageResponse), (status = 404, body = MessageResponse)))]
async fn unsubscribe(
    State(state): State<AppState>,
    Json(body): Json<Unsubscribe>,
) -> AppResult<axum::Json<MessageResponse>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let owner = row::Entity::find()
        .filter(row::Column::UnsubscribeToken.eq(body.token.trim()))
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_BAD_UNSUBSCRIBE.into()))?;
    let mut prefs = preferences::load_or_create(&txn, owner.user_id).await?;
    let kept = match prefs.delivery(body.event) {
        Delivery::Both | Delivery::Sms => Delivery::Sms,
        Delivery::Email | Delivery::None => Delivery::None,
    };
    prefs.choices.insert(body.event, kept);
    preferences::save(&txn, &prefs).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(format!(
        "You will no longer get e-mails for: {}.",
        body.event.label()
    ))))
}
