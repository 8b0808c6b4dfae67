//! Internal notes: what staff write on an order for each other. They are read only here, on the
//! staff desk: no order page, printed order, message, e-mail or live event of any other role
//! carries them.
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use portal_db::entities::order_note;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::audit::audit_staff;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields::{named, required};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::names::{full_name, full_names};
use crate::platform::state::AppState;

/// The longest internal note.
pub const MAX_NOTE: usize = 4000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_notes, add_note))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: i64,
    pub text: String,
    /// The staff member who wrote it.
    pub author: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteForm {
    /// At most 4,000 characters.
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub text: Option<String>,
}

/// The order's internal notes, oldest first.
#[utoipa::path(get, path = "/api/staff/orders/{id}/notes", tag = "staff", params(OrderId),
    responses((status = 200, body = Vec<Note>), ReadAnswers))]
async fn list_notes(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<axum::Json<Vec<Note>>> {
    find_visible_order(&state.db, &caller, id).await?;
    let notes = order_note::Entity::find()
        .filter(order_note::Column::OrderId.eq(id))
        .order_by_asc(order_note::Column::Id)
        .all(&state.db)
        .await?;
    let names = full_names(&state.db, notes.iter().map(|n| n.author_user_id).collect()).await?;
    Ok(axum::Json(
        notes
            .into_iter()
            .map(|n| {
                let author = names.of(n.author_user_id);
                Note { id: n.id, text: n.text, author, created_at: n.created_at }
            })
            .collect(),
    ))
}

/// Adds an internal note (201: the note).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/notes",
    tag = "staff",
    request_body = NoteForm,
    params(OrderId),
    responses(
        (status = 201, body = Note),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn add_note(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(form): Json<NoteForm>,
) -> AppResult<(StatusCode, axum::Json<Note>)> {
    let text = required(named("text", "Note"), form.text.as_deref(), MAX_NOTE)?;
    let txn = portal_db::begin_write(&state.db).await?;
    find_visible_order(&txn, &caller, id).await?;
    let saved = order_note::ActiveModel {
        id: NotSet,
        order_id: Set(id),
        author_user_id: Set(caller.id()),
        text: Set(text),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    audit_staff(&txn, &caller, &ip, "staff.note_added", format!("note {} on order {id}", saved.id))
        .await?;
    txn.commit().await?;
    let note = Note {
        id: saved.id,
        text: saved.text,
        author: full_name(&caller.user),
        created_at: saved.created_at,
    };
    Ok((StatusCode::CREATED, axum::Json(note)))
}
