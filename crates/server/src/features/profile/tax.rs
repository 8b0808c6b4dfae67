//! An appraiser's year-end tax record for the 1099-NEC: legal name, tax address and the tax
//! identification number (SSN or EIN). The number is sealed at rest (`platform::sealed`); every
//! read shows only its last four digits, and staff see it whole only by giving a reason, which is
//! audited. The appraiser keeps their own at `GET|PUT /api/appraiser/{id}/tax-info`.
use chrono::Utc;
use portal_db::entities::appraiser_tax_record as record;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, IntoActiveModel, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::call::CallOn;
use crate::platform::fields::{named, optional};
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::sealed::{DataKeys, Sealed};
use crate::platform::state::AppState;

pub const MSG_BAD_TAX_ID: &str = "Tax ID must be a Social Security number (123-45-6789) \
    or an Employer Identification Number (12-3456789).";
pub const MSG_NO_DATA_KEY: &str =
    "Tax numbers cannot be stored: no data key is configured (PORTAL_DATA_KEY).";
const MAX_ADDRESS: usize = 400;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(own_tax_info, save_own_tax_info))
}

/// What the appraiser or staff send; a field left out keeps its value, an empty text clears it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxForm {
    /// SSN (123-45-6789) or EIN (12-3456789); nine digits.
    #[schema(max_length = 11, pattern = "^([0-9]{3}-?[0-9]{2}-?[0-9]{4}|[0-9]{2}-?[0-9]{7})?$")]
    pub tax_id: Option<String>,
    /// The name on the tax return (a person's or a business's).
    #[schema(max_length = 200)]
    pub legal_name: Option<String>,
    /// The address the 1099-NEC is mailed to.
    #[schema(max_length = 400)]
    pub tax_address: Option<String>,
}

/// The record as every screen shows it: never the whole number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxInfo {
    pub legal_name: Option<String>,
    pub tax_address: Option<String>,
    /// SSN or EIN; null until a number is given.
    pub tax_id_kind: Option<String>,
    /// The number's last four digits.
    pub tax_id_last4: Option<String>,
}

impl From<Option<record::Model>> for TaxInfo {
    fn from(found: Option<record::Model>) -> TaxInfo {
        let found = found.as_ref();
        TaxInfo {
            legal_name: found.and_then(|r| r.legal_name.clone()),
            tax_address: found.and_then(|r| r.tax_address.clone()),
            tax_id_kind: found.and_then(|r| r.tax_id_kind.clone()),
            tax_id_last4: found.and_then(|r| r.tax_id_last4.clone()),
        }
    }
}

/// A tax number as given: its nine digits and whether it is written as an SSN or an EIN.
#[derive(Debug, PartialEq, Eq)]
pub struct TaxId {
    pub digits: String,
    pub kind: &'static str,
}

impl TaxId {
    pub fn parse(text: &str) -> Option<TaxId> {
        let text = text.trim();
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.len() != 9 || !text.chars().all(|c| c.is_ascii_digit() || c == '-' || c == ' ') {
            return None;
        }
        let ein_form = text.find('-') == Some(2);
        let (area, group, serial) = (&digits[..3], &digits[3..5], &digits[5..]);
        let ssn_possible = area != "000"
            && area != "666"
            && !area.starts_with('9')
            && group != "00"
            && serial != "0000";
        match (ein_form, ssn_possible) {
            (true, _) => Some(TaxId { digits, kind: "EIN" }),
            (false, true) => Some(TaxId { digits, kind: "SSN" }),
            (false, false) => None,
        }
    }

    /// As it is written on forms: 123-45-6789 or 12-3456789.
    pub fn written(&self) -> String {
        let d = &self.digits;
        match self.kind {
            "EIN" => format!("{}-{}", &d[..2], &d[2..]),
            _ => format!("{}-{}-{}", &d[..3], &d[3..5], &d[5..]),
        }
    }
}

pub async fn view(db: &impl ConnectionTrait, user_id: i32) -> AppResult<TaxInfo> {
    Ok(record::Entity::find_by_id(user_id).one(db).await?.into())
}

/// Stores what the form gives; answers what changed, in words that never hold the number.
pub async fn save(
    db: &impl ConnectionTrait,
    keys: Option<&DataKeys>,
    user_id: i32,
    form: &TaxForm,
) -> AppResult<Vec<String>> {
    let legal_name = optional(named("legalName", "Legal name"), form.legal_name.as_deref(), 200)?;
    let address =
        optional(named("taxAddress", "Tax address"), form.tax_address.as_deref(), MAX_ADDRESS)?;
    let tax_id = match form.tax_id.as_deref().map(str::trim) {
        None => None,
        Some("") => Some(None),
        Some(text) => {
            let parsed = TaxId::parse(text)
                .ok_or_else(|| named("taxId", "Tax ID").refuse(MSG_BAD_TAX_ID.into()))?;
            let keys = keys.ok_or_else(|| AppError::Conflict(MSG_NO_DATA_KEY.into()))?;
            Some(Some((keys.seal(&parsed.digits), parsed)))
        }
    };
    let found = record::Entity::find_by_id(user_id).one(db).await?;
    let mut row = match found.clone() {
        Some(r) => r.into_active_model(),
        None => record::ActiveModel { user_id: Set(user_id), ..Default::default() },
    };
    let mut changed = Vec::new();
    let old = found.as_ref();
    if form.legal_name.is_some() && old.and_then(|r| r.legal_name.clone()) != legal_name {
        changed.push("legal name".to_string());
        row.legal_name = Set(legal_name);
    }
    if form.tax_address.is_some() && old.and_then(|r| r.tax_address.clone()) != address {
        changed.push("tax address".to_string());
        row.tax_address = Set(address);
    }
    if let Some(new) = tax_id {
        changed.push("tax ID".to_string());
        let (sealed, parsed) = match new {
            Some((sealed, parsed)) => (Some(sealed), Some(parsed)),
            None => (None, None),
        };
        row.tax_id_kind = Set(parsed.as_ref().map(|p| p.kind.to_string()));
        row.tax_id_last4 = Set(parsed.as_ref().map(|p| p.digits[5..].to_string()));
        row.tax_id_key = Set(sealed.as_ref().map(|s| s.key_id.clone()));
        row.tax_id_sealed = Set(sealed.map(|s| s.text));
    }
    if changed.is_empty() {
        return Ok(changed);
    }
    row.updated_at = Set(Utc::now());
    match found {
        Some(_) => row.update(db).await?,
        None => row.insert(db).await?,
    };
    Ok(changed)
}

/// The whole number, written as on forms (None when none is on file).
pub async fn reveal(
    db: &impl ConnectionTrait,
    keys: Option<&DataKeys>,
    user_id: i32,
) -> AppResult<Option<String>> {
    let Some(found) = record::Entity::find_by_id(user_id).one(db).await? else { return Ok(None) };
    let (Some(text), Some(key_id)) = (found.tax_id_sealed, found.tax_id_key) else {
        return Ok(None);
    };
    let keys = keys.ok_or_else(|| AppError::Conflict(MSG_NO_DATA_KEY.into()))?;
    let digits = keys
        .open(&Sealed { key_id, text })
        .map_err(|e| AppError::Internal(format!("tax ID of user {user_id}: {e}")))?;
    let kind = if found.tax_id_kind.as_deref() == Some("EIN") { "EIN" } else { "SSN" };
    Ok(Some(TaxId { digits, kind }.written()))
}

/// Only the appraiser keeps their own tax record here (staff use the staff desk).
fn own(caller_id: i32, id: i32) -> AppResult<()> {
    if caller_id == id { Ok(()) } else { Err(AppError::forbidden()) }
}

/// The caller's own tax record (the number's last four digits only).
#[utoipa::path(
    get,
    path = "/api/appraiser/{id}/tax-info",
    tag = "appraiser",
    params(("id" = i32, Path, description = "security user id")),
    responses((status = 200, body = TaxInfo), (status = 403, body = MessageResponse)),
)]
async fn own_tax_info(CallOn { state, caller, id }: CallOn<i32>) -> AppResult<axum::Json<TaxInfo>> {
    own(caller.id(), id)?;
    Ok(axum::Json(view(&state.db, id).await?))
}

/// Stores the caller's own legal name, tax address and tax number.
#[utoipa::path(
    put,
    path = "/api/appraiser/{id}/tax-info",
    tag = "appraiser",
    request_body = TaxForm,
    params(("id" = i32, Path, description = "security user id")),
    responses(
        (status = 200, body = TaxInfo),
        (status = 403, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn save_own_tax_info(
    CallOn { state, caller, id }: CallOn<i32>,
    Json(form): Json<TaxForm>,
) -> AppResult<axum::Json<TaxInfo>> {
    own(caller.id(), id)?;
    let txn = portal_db::begin_write(&state.db).await?;
    save(&txn, state.data_keys.as_deref(), id, &form).await?;
    let answer = view(&txn, id).await?;
    txn.commit().await?;
    Ok(axum::Json(answer))
}

#[cfg(test)]
mod tests {
    use super::TaxId;

    #[test]
    fn tax_numbers_are_ssns_or_eins() {
        let ssn = TaxId::parse("123-45-6789").unwrap();
        assert_eq!((ssn.kind, ssn.written()), ("SSN", "123-45-6789".to_string()));
        let ein = TaxId::parse("12-3456789").unwrap();
        assert_eq!((ein.kind, ein.written()), ("EIN", "12-3456789".to_string()));
        assert_eq!(TaxId::parse("123456789").unwrap().kind, "SSN");
        for bad in [
            "000-12-3456",
            "666-12-3456",
            "900-12-3456",
            "123-00-4567",
            "123-45-0000",
            "12345678",
            "12-34567890",
            "abc-de-fghi",
        ] {
            assert!(TaxId::parse(bad).is_none(), "{bad}");
        }
    }
}
