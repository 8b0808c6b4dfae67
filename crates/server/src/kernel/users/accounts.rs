//! Creating and finding accounts (CLI, staff and demo data).
use chrono::Utc;
use portal_db::entities::{appraiser_profile, security_user};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, Set,
};

use crate::platform::fields::{invalid, optional_email, required};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::names::normalize_username;
use crate::platform::password;
use crate::platform::roles::UserType;

/// Someone staff open an account for, checked: the username (letters, digits and . _ - @), names
/// and e-mail address.
pub struct NewPerson {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

impl NewPerson {
    pub fn checked(
        username: Option<&str>,
        first_name: Option<&str>,
        last_name: Option<&str>,
        email: Option<&str>,
    ) -> AppResult<NewPerson> {
        let username = normalize_username(&required("Username", username, MAX_USERNAME_CHARS)?);
        if !username.chars().all(|c| c.is_ascii_alphanumeric() || "._-@".contains(c)) {
            return Err(invalid("Username may contain letters, digits and . _ - @ only."));
        }
        Ok(NewPerson {
            username,
            first_name: required("First name", first_name, 100)?,
            last_name: required("Last name", last_name, 100)?,
            email: optional_email("E-mail", email)?
                .ok_or_else(|| invalid("E-mail is required."))?,
        })
    }

    /// The account, with a password nobody knows: the person chooses theirs through the invitation.
    pub fn invited(self, user_type: UserType, company_id: Option<i32>) -> NewUser {
        NewUser {
            username: self.username,
            user_type,
            email: self.email,
            first_name: Some(self.first_name),
            last_name: Some(self.last_name),
            password: format!("{}Aa1!", crate::platform::tokens::random_token()),
            company_id,
        }
    }
}

pub struct NewUser {
    pub username: String,
    pub user_type: UserType,
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub password: String,
    /// The firm of an appraiser or appraiser administrator.
    pub company_id: Option<i32>,
}

/// The longest username an account can have; longer ones are refused before any lookup.
pub const MAX_USERNAME_CHARS: usize = 100;

/// A 422 for a username no account can have, so nothing that long is ever stored or logged.
pub fn check_username_length(username: &str) -> AppResult<()> {
    if username.trim().chars().count() > MAX_USERNAME_CHARS {
        return Err(AppError::Validation(format!(
            "Username must be at most {MAX_USERNAME_CHARS} characters"
        )));
    }
    Ok(())
}

/// Creates a user (and the appraiser profile appraisers need). The password must meet the rules.
pub async fn create(db: &impl ConnectionTrait, new: NewUser) -> AppResult<security_user::Model> {
    let username = normalize_username(&new.username);
    if username.is_empty() {
        return Err(AppError::Validation("A username is required".into()));
    }
    check_username_length(&username)?;
    if !new.email.contains('@') {
        return Err(AppError::Validation(format!("'{}' is not an e-mail address", new.email)));
    }
    password::check_rules(&new.password)?;
    if find(db, &username).await?.is_some() {
        return Err(AppError::Conflict(format!("A user named '{username}' already exists")));
    }
    let user = security_user::ActiveModel {
        id: NotSet,
        login_id: Set(username),
        password_hash: Set(password::hash_blocking(new.password).await?),
        user_type: Set(new.user_type),
        first_name: Set(new.first_name),
        last_name: Set(new.last_name),
        email: Set(new.email),
        work_phone: Set(None),
        cell_phone: Set(None),
        cell_phone_carrier: Set(None),
        active: Set(true),
        created_at: Set(Utc::now()),
    }
    .insert(db)
    .await?;
    if new.user_type.is_appraiser_kind() {
        appraiser_profile::ActiveModel {
            id: NotSet,
            security_user_id: Set(user.id),
            company_id: Set(new.company_id),
            office_address_line1: Set(None),
            office_address_line2: Set(None),
            office_city: Set(None),
            office_state_code: Set(None),
            office_zip_code: Set(None),
            is_fha_certified: Set(false),
            is_staff_appraiser: Set(false),
            no_trainee: Set(true),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(user)
}

pub async fn find(
    db: &impl ConnectionTrait,
    username: &str,
) -> AppResult<Option<security_user::Model>> {
    Ok(security_user::Entity::find()
        .filter(security_user::Column::LoginId.eq(normalize_username(username)))
        .one(db)
        .await?)
}

/// An appraiser's office address on one line.
pub fn office_address(p: &appraiser_profile::Model) -> String {
    let city_line =
        [p.office_city.as_deref(), p.office_state_code.as_deref(), p.office_zip_code.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
    [p.office_address_line1.as_deref(), p.office_address_line2.as_deref(), Some(city_line.as_str())]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every firm's name by its id (the lists that show an appraiser's firm).
pub async fn firm_names(
    db: &impl ConnectionTrait,
) -> AppResult<std::collections::HashMap<i32, String>> {
    let firms = portal_db::entities::appraisal_company::Entity::find().all(db).await?;
    Ok(firms.into_iter().map(|c| (c.id, c.name)).collect())
}

/// The ids of the active users, for a filter such as `Column::UserId.in_subquery(active_ids())`.
pub fn active_ids() -> sea_orm::sea_query::SelectStatement {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait};
    portal_db::entities::security_user::Entity::find()
        .select_only()
        .column(portal_db::entities::security_user::Column::Id)
        .filter(portal_db::entities::security_user::Column::Active.eq(true))
        .into_query()
}
