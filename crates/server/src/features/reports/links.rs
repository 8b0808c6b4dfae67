//! Download links for a lender's people without a portal login (accounts payable, a loan officer):
//! the delivery e-mail carries one link per delivered file (the report and its data file), valid
//! `LINK_DAYS` days, for that order's file only; every download is logged. `GET /documents/{token}`
//! streams the file, or says on a page why it cannot (unknown, tampered with, expired).
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{Duration, Utc};
use portal_db::entities::{document_link, document_link_download, stored_file};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, Set,
};

use super::DATA_FILE_TYPE_ID;
use super::borrower_copy::latest_report;
use super::data::latest_file;
use crate::platform::config::Config;
use crate::platform::delivery::html_escape;
use crate::platform::file_response::stream_response;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::AppResult;
use crate::platform::http::extract::Path;
use crate::platform::http::portal_page;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

pub const LINK_DAYS: i64 = 14;

pub const MSG_LINK_REFUSED: &str = "This download link is not valid or has expired.";

/// Makes a link for each delivered file of the order; answers the e-mail lines that carry them.
pub async fn delivery_lines(
    db: &impl ConnectionTrait,
    config: &Config,
    order_id: i64,
) -> AppResult<Vec<String>> {
    let report = latest_report(db, order_id).await?;
    let data = latest_file(db, order_id, &[DATA_FILE_TYPE_ID]).await?.filter(|f| !f.hide);
    let now = Utc::now();
    let expires_at = now + Duration::days(LINK_DAYS);
    let mut lines = Vec::new();
    for file in report.into_iter().chain(data) {
        let token = random_token();
        document_link::ActiveModel {
            id: NotSet,
            token_hash: Set(hash_token(&token)),
            order_id: Set(order_id),
            file_id: Set(file.id),
            created_at: Set(now),
            expires_at: Set(expires_at),
        }
        .insert(db)
        .await?;
        lines.push(format!("{}: {}", file.file_name, config.link(&format!("/documents/{token}"))));
    }
    if !lines.is_empty() {
        let until = expires_at.format("%B %-d, %Y");
        lines.insert(0, format!("Download without signing in (these links work until {until}):"));
    }
    Ok(lines)
}

/// GET /documents/{token}: the linked file as a download, each one logged.
pub async fn download(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(token): Path<String>,
) -> Response {
    match linked_file(&state, &token, &ip).await {
        Ok(Some(file)) => match stream_response(&state, file, false).await {
            Ok(answer) => answer,
            Err(e) => e.into_response(),
        },
        Ok(None) => refused(&state),
        Err(e) => e.into_response(),
    }
}

/// The link's file while the link is good (the download logged), None otherwise.
async fn linked_file(
    state: &AppState,
    token: &str,
    ip: &str,
) -> AppResult<Option<stored_file::Model>> {
    let Some(link) = document_link::Entity::find()
        .filter(document_link::Column::TokenHash.eq(hash_token(token)))
        .filter(document_link::Column::ExpiresAt.gt(Utc::now()))
        .one(&state.db)
        .await?
    else {
        return Ok(None);
    };
    let file = stored_file::Entity::find_by_id(link.file_id)
        .filter(stored_file::Column::OrderId.eq(link.order_id))
        .filter(stored_file::Column::Hide.eq(false))
        .one(&state.db)
        .await?;
    if file.is_some() {
        document_link_download::ActiveModel {
            id: NotSet,
            link_id: Set(link.id),
            downloaded_at: Set(Utc::now()),
            ip: Set(Some(ip.chars().take(64).collect())),
        }
        .insert(&state.db)
        .await?;
    }
    Ok(file)
}

fn refused(state: &AppState) -> Response {
    let company = html_escape(&state.config.billing_name);
    let email = html_escape(&state.config.support_email);
    let body = format!(
        "<p class=\"alert\" role=\"alert\">{MSG_LINK_REFUSED}</p><h2>What to do</h2><ul>\
         <li>Links work for {LINK_DAYS} days after the e-mail that carried them.</li>\
         <li>If you have a portal login, sign in and open the order: its documents are there.</li>\
         <li>Otherwise ask us for a new link: <a href=\"mailto:{email}\">{email}</a>.</li></ul>"
    );
    portal_page::page(
        StatusCode::NOT_FOUND,
        &company,
        "This download link cannot be used",
        &body,
        "",
    )
}
