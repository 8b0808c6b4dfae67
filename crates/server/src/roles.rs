//! User types and the one table that says which roles may use which area of the API.

use crate::http::schema::wire_number;

/// User types by number, as the API sends them (docs/domain.md#parties-and-roles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UserType {
    Client = 0,
    Appraiser = 1,
    Staff = 2,
    System = 3,
    Registered = 4,
    Secret = 5,
    AppraiserAdmin = 6,
}

impl UserType {
    pub const ALL: [UserType; 7] = [
        UserType::Client,
        UserType::Appraiser,
        UserType::Staff,
        UserType::System,
        UserType::Registered,
        UserType::Secret,
        UserType::AppraiserAdmin,
    ];

    pub fn from_number(n: i16) -> Option<UserType> {
        UserType::ALL.into_iter().find(|t| *t as i16 == n)
    }

    /// The type of a stored user. Only the types above are ever written, so another number is a
    /// broken row: an internal error, not a guess.
    pub fn stored(n: i16) -> Result<UserType, crate::http::error::AppError> {
        UserType::from_number(n).ok_or_else(|| {
            crate::http::error::AppError::Internal(format!("user type {n} is not one of the seven"))
        })
    }

    pub fn number(self) -> i16 {
        self as i16
    }

    /// The name used on the command line (`user create --type`).
    pub fn from_cli_name(name: &str) -> Option<UserType> {
        Some(match name {
            "client" => UserType::Client,
            "appraiser" => UserType::Appraiser,
            "staff" => UserType::Staff,
            "secret" => UserType::Secret,
            "appraiser-admin" => UserType::AppraiserAdmin,
            _ => return None,
        })
    }

    /// The role label the web app shows (e.g. on Access Denied).
    pub fn label(self) -> &'static str {
        match self {
            UserType::Client => "Client",
            UserType::Appraiser => "Appraiser",
            UserType::Staff => "Staff",
            UserType::System => "System",
            UserType::Registered => "Registered User",
            UserType::Secret => "Secret",
            UserType::AppraiserAdmin => "Appraiser Admin",
        }
    }

    /// Staff and the secret administrator run the company's side of every order.
    pub fn is_staff_like(self) -> bool {
        matches!(self, UserType::Staff | UserType::Secret)
    }

    /// Appraisers and their administrators have an appraiser profile.
    pub fn is_appraiser_kind(self) -> bool {
        matches!(self, UserType::Appraiser | UserType::AppraiserAdmin)
    }
}

/// The name the API document gives each number.
fn wire_name(t: UserType) -> &'static str {
    match t {
        UserType::Client => "CLIENT",
        UserType::Appraiser => "APPRAISER",
        UserType::Staff => "STAFF",
        UserType::System => "SYSTEM",
        UserType::Registered => "REGISTERED",
        UserType::Secret => "SECRET",
        UserType::AppraiserAdmin => "APPRAISER_ADMIN",
    }
}

wire_number!(
    UserType,
    i16,
    number,
    from_number,
    "a user type",
    UserType::ALL.map(|t| (i64::from(t.number()), wire_name(t)))
);

/// An area of the API with the roles allowed to use it (docs/domain.md#parties-and-roles). Every
/// feature router is registered under exactly one area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    /// Any signed-in user (user lookups, constants).
    SignedIn,
    /// Appraiser screens and the calls behind them; staff read and act on them too.
    Appraiser,
    /// Managing a firm's appraisers and reassigning work.
    AppraiserAdmin,
    /// The staff desk: creating, assigning, reviewing, delivering and paying for orders.
    Staff,
    /// The secret administrator's tools.
    Secret,
    /// The client area: a client's users, their own client's orders only.
    Client,
}

impl Area {
    pub fn allows(self, user_type: UserType) -> bool {
        use UserType::*;
        match self {
            Area::SignedIn => true,
            Area::Appraiser => matches!(user_type, Appraiser | AppraiserAdmin | Staff | Secret),
            Area::AppraiserAdmin => matches!(user_type, AppraiserAdmin | Staff | Secret),
            Area::Staff => matches!(user_type, Staff | Secret),
            Area::Secret => matches!(user_type, Secret),
            Area::Client => matches!(user_type, Client),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UserType::*;

    #[test]
    fn area_table() {
        let table: [(Area, &[UserType]); 6] = [
            (Area::SignedIn, &UserType::ALL),
            (Area::Appraiser, &[Appraiser, AppraiserAdmin, Staff, Secret]),
            (Area::AppraiserAdmin, &[AppraiserAdmin, Staff, Secret]),
            (Area::Staff, &[Staff, Secret]),
            (Area::Secret, &[Secret]),
            (Area::Client, &[Client]),
        ];
        for (area, allowed) in table {
            for t in UserType::ALL {
                assert_eq!(area.allows(t), allowed.contains(&t), "{area:?} {t:?}");
            }
        }
    }

    #[test]
    fn numbers_round_trip() {
        for t in UserType::ALL {
            assert_eq!(UserType::from_number(t.number()), Some(t));
        }
        assert_eq!(UserType::from_number(7), None);
    }
}
