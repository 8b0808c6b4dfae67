//! Staff send secure links: a subject and message to one appraiser, about an order or not, with
//! files of that order attached (new attachments are uploaded to the order first). The recipient
//! sees it under Secure Links and is e-mailed; staff see when it was first viewed.
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use portal_db::entities::{order, secure_link, secure_link_attachment, security_user, stored_file};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::secure_links::routes::{SecureLink, attachments_of, shape};
use crate::platform::audit::audit_staff;
use crate::platform::call::Call;
use crate::platform::fields::{MAX_LINE, invalid, named, required};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice, notify};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sent_secure_links, send_secure_link))
}

const MAX_MESSAGE: usize = 10_000;
const MAX_ATTACHMENTS: usize = 20;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecureLinkForm {
    #[schema(required = true, value_type = i32)]
    pub recipient_appraiser_id: Option<i32>,
    pub order_id: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub subject: Option<String>,
    #[schema(required = true, value_type = String)]
    pub message: Option<String>,
    /// Files of the order to attach.
    #[serde(default)]
    pub file_ids: Vec<i64>,
}

/// A sent secure link, with its recipient.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentSecureLink {
    #[serde(flatten)]
    pub link: SecureLink,
    pub recipient_appraiser_id: i32,
    pub recipient_name: String,
    pub order_id: Option<i64>,
}

/// Every secure link sent, newest first, with when each was sent and first viewed.
#[utoipa::path(
    get,
    path = "/api/staff/secure-links",
    tag = "staff",
    responses((status = 200, body = Vec<SentSecureLink>), (status = 403, body = MessageResponse)),
)]
async fn sent_secure_links(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<SentSecureLink>>> {
    let db = &state.db;
    let links = secure_link::Entity::find()
        .order_by_desc(secure_link::Column::SentAt)
        .order_by_desc(secure_link::Column::Id)
        .all(db)
        .await?;
    let mut attachments = attachments_of(db, links.iter().map(|l| l.id).collect()).await?;
    let ids: Vec<i32> = links.iter().map(|l| l.recipient_user_id).collect();
    let names: std::collections::HashMap<i32, String> = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, full_name(&u)))
        .collect();
    Ok(axum::Json(
        links
            .into_iter()
            .map(|l| SentSecureLink {
                recipient_appraiser_id: l.recipient_user_id,
                recipient_name: names.get(&l.recipient_user_id).cloned().unwrap_or_default(),
                order_id: l.order_id,
                link: shape(l.clone(), attachments.remove(&l.id).unwrap_or_default()),
            })
            .collect(),
    ))
}

/// Sends a secure link (201 with its id).
#[utoipa::path(
    post,
    path = "/api/staff/secure-links",
    tag = "staff",
    request_body = SecureLinkForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn send_secure_link(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<SecureLinkForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let recipient_id =
        form.recipient_appraiser_id.ok_or_else(|| invalid("Recipient is required."))?;
    let subject = required(named("subject", "Subject"), form.subject.as_deref(), MAX_LINE)?;
    let message = required(named("message", "Message"), form.message.as_deref(), MAX_MESSAGE)?;
    if form.file_ids.len() > MAX_ATTACHMENTS {
        return Err(invalid(format!("A secure link can carry at most {MAX_ATTACHMENTS} files.")));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let recipient = security_user::Entity::find_by_id(recipient_id)
        .one(&txn)
        .await?
        .filter(|u| u.active && u.user_type.is_appraiser_kind())
        .ok_or_else(|| invalid(format!("User {recipient_id} is not an active appraiser.")))?;
    let the_order = match form.order_id {
        Some(id) => Some(
            order::Entity::find_by_id(id)
                .one(&txn)
                .await?
                .ok_or_else(|| invalid(format!("Order {id} does not exist.")))?,
        ),
        None => None,
    };
    let files = match &the_order {
        Some(o) => {
            stored_file::Entity::find()
                .filter(stored_file::Column::OrderId.eq(o.id))
                .filter(stored_file::Column::Id.is_in(form.file_ids.clone()))
                .all(&txn)
                .await?
        }
        None => Vec::new(),
    };
    if let Some(missing) = form.file_ids.iter().find(|id| !files.iter().any(|f| f.id == **id)) {
        return Err(invalid(format!("File {missing} is not a file of this order.")));
    }
    let saved = secure_link::ActiveModel {
        id: NotSet,
        order_id: Set(the_order.as_ref().map(|o| o.id)),
        usa_file_number: Set(the_order.as_ref().map(|o| o.file_number.clone()).unwrap_or_default()),
        recipient_user_id: Set(recipient.id),
        recipient_email: Set(recipient.email.clone()),
        sender_name: Set(full_name(&caller.user)),
        sender_email: Set(caller.user.email.clone()),
        subject: Set(subject.clone()),
        message: Set(message),
        sent_at: Set(Utc::now()),
        viewed_at: Set(None),
    }
    .insert(&txn)
    .await?;
    for file in &files {
        secure_link_attachment::ActiveModel {
            id: NotSet,
            secure_link_id: Set(saved.id),
            stored_file_id: Set(file.id),
        }
        .insert(&txn)
        .await?;
    }
    let notice = Notice {
        event: Event::StaffMessage,
        subject: format!("Secure message: {subject}"),
        lines: vec![format!("{} sent you a secure message: {subject}", full_name(&caller.user))],
        link: format!("/appraiser/secure-links/{}", saved.id),
    };
    notify(&txn, &state.config, &recipient, notice).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.secure_link_sent",
        format!("secure link {} to user {} with {} files", saved.id, recipient.id, files.len()),
    )
    .await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id.into(), file_number: None })))
}
