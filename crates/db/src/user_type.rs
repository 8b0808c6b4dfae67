//! User types by number (docs/domain.md#parties-and-roles).

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

    /// The name the API document gives each number.
    fn wire_name(self) -> &'static str {
        match self {
            UserType::Client => "CLIENT",
            UserType::Appraiser => "APPRAISER",
            UserType::Staff => "STAFF",
            UserType::System => "SYSTEM",
            UserType::Registered => "REGISTERED",
            UserType::Secret => "SECRET",
            UserType::AppraiserAdmin => "APPRAISER_ADMIN",
        }
    }
}

// Stored and sent as its number.
crate::numbered!(UserType, i16, SmallInteger, number, from_number, wire_name, "a user type");
