//! The people to reach about an order, as every intake path takes them (the staff form, the client
//! portal, the public API) and as the client sees them. One list of kinds, one check; the appraiser
//! sees them once assigned (`order_page`).
use portal_db::entities::order_contact;
use sea_orm::{NotSet, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::fields::{
    MAX_LINE, invalid, optional, optional_email, optional_phone, required,
};
use crate::platform::http::error::AppResult;

/// Kinds of contact an order's contacts may have (upper-case words joined by underscores).
pub const CONTACT_TYPES: [&str; 11] = [
    "BORROWER",
    "CO_BORROWER",
    "PROPERTY_CONTACT",
    "LOAN_OFFICER",
    "REALTOR",
    "OWNER",
    "TENANT",
    "BUYER_AGENT",
    "SELLER_AGENT",
    "ACCESS",
    "OTHER",
];
pub const MAX_CONTACTS: usize = 10;
const MAX_NOTES: usize = 1000;

/// A contact's role as the client portal and the public API name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ContactRole {
    Borrower,
    CoBorrower,
    BuyerAgent,
    SellerAgent,
    /// Who lets the appraiser in: the scheduling link goes to them.
    Access,
    Other,
}

/// A contact as the client portal and the public API send it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactInput {
    #[schema(required = true, value_type = ContactRole)]
    pub role: Option<ContactRole>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 200)]
    pub name: Option<String>,
    /// A US phone number (10 digits, punctuation allowed).
    pub phone: Option<String>,
    #[schema(max_length = 200)]
    pub email: Option<String>,
    /// At most 1,000 characters (a gate code, the best time to call).
    #[schema(max_length = 1000)]
    pub notes: Option<String>,
}

/// A contact of an order as the client and the public API read it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactView {
    /// The contact's kind in lower case: borrower, co_borrower, buyer_agent, seller_agent, access,
    /// other (and the staff form's property_contact, loan_officer, realtor, owner, tenant).
    pub role: String,
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
}

impl From<order_contact::Model> for ContactView {
    fn from(c: order_contact::Model) -> ContactView {
        ContactView {
            role: c.contact_type.to_lowercase(),
            phone: c.cell_phone.or(c.work_phone).or(c.home_phone),
            name: c.name,
            email: c.email,
            notes: c.notes,
        }
    }
}

/// One contact's fields whichever form sent it.
pub struct ContactFields<'a> {
    pub kind: Option<&'a str>,
    pub name: Option<&'a str>,
    pub email: Option<&'a str>,
    pub cell_phone: Option<&'a str>,
    pub work_phone: Option<&'a str>,
    pub home_phone: Option<&'a str>,
    pub notes: Option<&'a str>,
}

impl<'a> From<&'a ContactInput> for ContactFields<'a> {
    fn from(c: &'a ContactInput) -> ContactFields<'a> {
        ContactFields {
            kind: c.role.map(|r| match r {
                ContactRole::Borrower => "BORROWER",
                ContactRole::CoBorrower => "CO_BORROWER",
                ContactRole::BuyerAgent => "BUYER_AGENT",
                ContactRole::SellerAgent => "SELLER_AGENT",
                ContactRole::Access => "ACCESS",
                ContactRole::Other => "OTHER",
            }),
            name: c.name.as_deref(),
            email: c.email.as_deref(),
            cell_phone: c.phone.as_deref(),
            work_phone: None,
            home_phone: None,
            notes: c.notes.as_deref(),
        }
    }
}

/// The contacts checked, each refusal naming "Contact N ..."; at most ten.
pub fn check<'a>(
    contacts: impl ExactSizeIterator<Item = ContactFields<'a>>,
) -> AppResult<Vec<order_contact::ActiveModel>> {
    if contacts.len() > MAX_CONTACTS {
        return Err(invalid(format!("An order can have at most {MAX_CONTACTS} contacts.")));
    }
    contacts.enumerate().map(|(i, c)| one(i + 1, c)).collect()
}

fn one(n: usize, c: ContactFields) -> AppResult<order_contact::ActiveModel> {
    let kind = required(&format!("Contact {n} type"), c.kind, 40)?.to_uppercase().replace(' ', "_");
    if !CONTACT_TYPES.contains(&kind.as_str()) {
        return Err(invalid(format!(
            "Contact {n} type must be one of {}.",
            CONTACT_TYPES.join(", ")
        )));
    }
    let phone = |what: &str, value| optional_phone(&format!("Contact {n} {what}"), value);
    Ok(order_contact::ActiveModel {
        id: NotSet,
        order_id: NotSet,
        name: Set(required(&format!("Contact {n} name"), c.name, MAX_LINE)?),
        email: Set(optional_email(&format!("Contact {n} e-mail"), c.email)?),
        cell_phone: Set(phone("cell phone", c.cell_phone)?),
        work_phone: Set(phone("work phone", c.work_phone)?),
        home_phone: Set(phone("home phone", c.home_phone)?),
        contact_type: Set(kind),
        notes: Set(optional(&format!("Contact {n} notes"), c.notes, MAX_NOTES)?),
    })
}
