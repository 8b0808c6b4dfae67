//! User types and the one table that says which roles may use which area of the API.
use serde::{Deserialize, Serialize};

/// User types by number, as part 1 section 3 numbers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

    /// The role label the web app shows (part 1 section 2.5).
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

    /// Appraisers and their administrators have an appraiser profile.
    pub fn is_appraiser_kind(self) -> bool {
        matches!(self, UserType::Appraiser | UserType::AppraiserAdmin)
    }
}

/// An area of the API with the roles allowed to use it (part 1 sections 2.1 and 6, and the
/// domain rules for staff). Every feature router is registered under exactly one area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    /// Any signed-in user (user lookups, constants).
    SignedIn,
    /// Appraiser screens and the calls behind them; staff read and act on them too.
    Appraiser,
    /// Managing a firm's appraisers and reassigning work.
    AppraiserAdmin,
    /// The secret administrator's tools.
    Secret,
}

impl Area {
    pub fn allows(self, user_type: UserType) -> bool {
        use UserType::*;
        match self {
            Area::SignedIn => true,
            Area::Appraiser => matches!(user_type, Appraiser | AppraiserAdmin | Staff | Secret),
            Area::AppraiserAdmin => matches!(user_type, AppraiserAdmin | Staff | Secret),
            Area::Secret => matches!(user_type, Secret),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UserType::*;

    #[test]
    fn area_table() {
        let table: [(Area, &[UserType]); 4] = [
            (Area::SignedIn, &UserType::ALL),
            (Area::Appraiser, &[Appraiser, AppraiserAdmin, Staff, Secret]),
            (Area::AppraiserAdmin, &[AppraiserAdmin, Staff, Secret]),
            (Area::Secret, &[Secret]),
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
