//! Data files written from the published element names, for tests and the benchmark: valid UAD 2.6
//! and 3.6 files with any value changed or left out, and hostile ones.

use std::io::Write;

use base64::Engine;

use crate::zipped::MISMO_NAMESPACE;

/// What a sample file says; `None` leaves the value out.
#[derive(Debug, Clone)]
pub struct Sample {
    pub value: Option<String>,
    pub effective_date: Option<String>,
    pub street: Option<String>,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub appraiser_name: Option<String>,
    pub license_number: Option<String>,
    pub license_state: String,
    pub license_expires: String,
    /// A supervisor's name and licence number.
    pub supervisor: Option<(String, Option<String>)>,
    pub condition: String,
    pub quality: String,
    pub pdf: Vec<u8>,
    /// Bytes of comparable-sale filler, to make a large file.
    pub filler_bytes: usize,
    /// A comparable (and, in 3.6, a party's office) with an address and ratings of their own come
    /// before the subject's in the file.
    pub decoys_first: bool,
    /// Neighbourhood descriptions, as the appraiser wrote them.
    pub comments: Vec<String>,
}

impl Default for Sample {
    fn default() -> Self {
        Sample {
            value: Some("650,000".into()),
            effective_date: Some("2026-11-20".into()),
            street: Some("12 Oak St".into()),
            city: "Austin".into(),
            state: "TX".into(),
            zip: "78701".into(),
            appraiser_name: Some("Alex Rivera".into()),
            license_number: Some("TX-1234567".into()),
            license_state: "TX".into(),
            license_expires: "2027-12-31".into(),
            supervisor: None,
            condition: "C3".into(),
            quality: "Q4".into(),
            pdf: b"%PDF-1.7\n% a report\n%%EOF\n".to_vec(),
            filler_bytes: 0,
            decoys_first: false,
            comments: Vec::new(),
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('"', "&quot;")
}

fn attr(name: &str, value: &Option<String>) -> String {
    value.as_ref().map(|v| format!(" {name}=\"{}\"", escape(v))).unwrap_or_default()
}

fn leaf(name: &str, value: &Option<String>) -> String {
    value.as_ref().map(|v| format!("<{name}>{}</{name}>", escape(v))).unwrap_or_default()
}

fn filler(bytes: usize, each: impl Fn(usize) -> String) -> String {
    let mut out = String::with_capacity(bytes + 256);
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(&each(i));
        i += 1;
    }
    out
}

/// A UAD 2.6 XML file with the PDF embedded.
pub fn uad26(s: &Sample) -> Vec<u8> {
    let some = |v: &str| Some(v.to_string());
    let supervisor = s.supervisor.as_ref().map_or(String::new(), |(name, license)| {
        format!(
            "<SUPERVISOR _Name=\"{}\"><APPRAISER_LICENSE{}{}/></SUPERVISOR>",
            escape(name),
            attr("_Identifier", license),
            attr("_State", &some(&s.state))
        )
    });
    let comparables = filler(s.filler_bytes, |i| {
        format!(
            "<COMPARABLE_SALE PropertySequenceIdentifier=\"{i}\" PropertySalesAmount=\"{},000\" \
             _StreetAddress=\"{i} Elm St\" _City=\"Austin\"/>",
            400 + i % 300
        )
    });
    let pdf = base64::engine::general_purpose::STANDARD.encode(&s.pdf);
    let comments: String = s
        .comments
        .iter()
        .map(|c| format!("<NEIGHBORHOOD _Description=\"{}\"/>", escape(c)))
        .collect();
    let decoy = if s.decoys_first {
        "<SALES_COMPARISON><COMPARABLE_SALE PropertySequenceIdentifier=\"1\" \
         _StreetAddress=\"99 Decoy Rd\" _City=\"Santa Fe\" _State=\"NM\" _PostalCode=\"87501\">\
         <STRUCTURE GSEOverallConditionType=\"C5\" \
         GSEQualityOfConstructionRatingType=\"Q6\"/></COMPARABLE_SALE></SALES_COMPARISON>"
    } else {
        ""
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<VALUATION_RESPONSE MISMOVersionID=\"2.6\">\
<REPORT AppraisalFormType=\"FNM1004\"/>{decoy}{comments}\
<PARTIES><APPRAISER{}><APPRAISER_LICENSE{}{}{}/></APPRAISER>{supervisor}</PARTIES>\
<PROPERTY{}{}{}{}><STRUCTURE GSEOverallConditionType=\"{}\" \
GSEQualityOfConstructionRatingType=\"{}\"/></PROPERTY>\
<VALUATION{}{}><_CONDITION_OF_APPRAISAL _Type=\"AsIs\"/></VALUATION>\
<SALES_COMPARISON>{comparables}</SALES_COMPARISON>\
<EMBEDDED_FILE _Type=\"PDF\" _Name=\"report.pdf\"><DOCUMENT>{pdf}</DOCUMENT></EMBEDDED_FILE>\
</VALUATION_RESPONSE>\n",
        attr("_Name", &s.appraiser_name),
        attr("_Identifier", &s.license_number),
        attr("_State", &some(&s.license_state)),
        attr("_ExpirationDate", &some(&s.license_expires)),
        attr("_StreetAddress", &s.street),
        attr("_City", &some(&s.city)),
        attr("_State", &some(&s.state)),
        attr("_PostalCode", &some(&s.zip)),
        escape(&s.condition),
        escape(&s.quality),
        attr("PropertyAppraisedValueAmount", &s.value),
        attr("AppraisalEffectiveDate", &s.effective_date),
    )
    .into_bytes()
}

/// The MISMO 3.6 `MESSAGE` of a UAD 3.6 file.
pub fn uad36_message(s: &Sample) -> Vec<u8> {
    let some = |v: &str| Some(v.to_string());
    let party = |role: &str, name: &Option<String>, license: &Option<String>| {
        format!(
            "<PARTY><INDIVIDUAL><NAME>{}</NAME></INDIVIDUAL><ROLES>\
<ROLE><APPRAISER><APPRAISER_LICENSE>{}{}{}</APPRAISER_LICENSE></APPRAISER>\
<ROLE_DETAIL><PartyRoleType>{role}</PartyRoleType></ROLE_DETAIL></ROLE></ROLES></PARTY>",
            leaf("FullName", name),
            leaf("AppraiserLicenseIdentifier", license),
            leaf("AppraiserLicenseStateCode", &some(&s.license_state)),
            leaf("AppraiserLicenseExpirationDate", &some(&s.license_expires)),
        )
    };
    let supervisor = s.supervisor.as_ref().map_or(String::new(), |(name, license)| {
        party("AppraiserSupervisor", &some(name), license)
    });
    let comparables = filler(s.filler_bytes, |i| {
        format!(
            "<SALES_COMPARISON_RESEARCH><ComparableIdentifier>{i}</ComparableIdentifier>\
             <SalePriceAmount>{}000</SalePriceAmount></SALES_COMPARISON_RESEARCH>",
            400 + i % 300
        )
    });
    let comments: String = s
        .comments
        .iter()
        .map(|c| {
            format!(
                "<NEIGHBORHOOD><NeighborhoodDescriptionText>{}</NeighborhoodDescriptionText>\
                 </NEIGHBORHOOD>",
                escape(c)
            )
        })
        .collect();
    let decoy = if s.decoys_first {
        "<PARTIES><PARTY><LEGAL_ENTITY><FullName>Decoy Lending</FullName></LEGAL_ENTITY>\
         <ADDRESSES><ADDRESS>\
         <AddressLineText>1 Office Park</AddressLineText><CityName>Dallas</CityName>\
         <StateCode>TX</StateCode>\
         <PostalCode>75201</PostalCode></ADDRESS></ADDRESSES>\
         <ROLES><ROLE><ROLE_DETAIL><PartyRoleType>Lender\
         </PartyRoleType></ROLE_DETAIL></ROLE></ROLES></PARTY></PARTIES>\
         <COMPARABLE_PROPERTIES><COMPARABLE_PROPERTY>\
         <ADDRESS><AddressLineText>99 Decoy Rd</AddressLineText>\
         <CityName>Santa Fe</CityName><StateCode>NM\
         </StateCode><PostalCode>87501</PostalCode></ADDRESS>\
         <PROPERTY_DETAIL><PropertyCategoryType>Condominium\
         </PropertyCategoryType><PropertyConditionRatingType>C5</PropertyConditionRatingType>\
         <PropertyQualityRatingType>Q6</PropertyQualityRatingType>\
         </PROPERTY_DETAIL></COMPARABLE_PROPERTY>\
         </COMPARABLE_PROPERTIES>"
    } else {
        ""
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MESSAGE xmlns=\"{MISMO_NAMESPACE}\" \
         MISMOReferenceModelIdentifier=\"3.6.0\"><DEAL_SETS>\
         <DEAL_SET><DEALS><DEAL>{decoy}\
<COLLATERALS><COLLATERAL><SUBJECT_PROPERTY><ADDRESS>{}{}{}{}</ADDRESS>\
<PROPERTY_DETAIL><PropertyCategoryType>SingleFamily</PropertyCategoryType>\
<PropertyConditionRatingType>{}</PropertyConditionRatingType>\
<PropertyQualityRatingType>{}</PropertyQualityRatingType></PROPERTY_DETAIL>{comments}\
</SUBJECT_PROPERTY></COLLATERAL></COLLATERALS>\
<PARTIES>{}{supervisor}</PARTIES>\
<SERVICES><SERVICE><VALUATION>\
<VALUATION_RESPONSE><VALUATION_ANALYSES><VALUATION_ANALYSIS>{comparables}\
<VALUATION_RECONCILIATION>{}{}\
<AppraisalValueConditionType>AsIs</AppraisalValueConditionType></VALUATION_RECONCILIATION>\
</VALUATION_ANALYSIS></VALUATION_ANALYSES></VALUATION_RESPONSE></VALUATION></SERVICE></SERVICES>\
</DEAL></DEALS></DEAL_SET></DEAL_SETS></MESSAGE>\n",
        leaf("AddressLineText", &s.street),
        leaf("CityName", &some(&s.city)),
        leaf("StateCode", &some(&s.state)),
        leaf("PostalCode", &some(&s.zip)),
        escape(&s.condition),
        escape(&s.quality),
        party("Appraiser", &s.appraiser_name, &s.license_number),
        leaf("OpinionOfValueAmount", &s.value),
        leaf("AppraisalReportEffectiveDate", &s.effective_date),
    )
    .into_bytes()
}

/// A UAD 3.6 ZIP: the message, the PDF and one photo.
pub fn uad36(s: &Sample) -> Vec<u8> {
    zip_of(&[
        ("appraisal.xml", uad36_message(s)),
        ("appraisal.pdf", s.pdf.clone()),
        ("images/front.jpg", vec![0xFF, 0xD8, 0xFF, 0xD9]),
    ])
}

/// A ZIP of the given entries, deflated.
pub fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        writer.start_file(*name, options).expect("zip entry");
        writer.write_all(bytes).expect("zip bytes");
    }
    writer.finish().expect("zip").into_inner()
}

/// Nine levels of entities that expand to a billion "lol"s.
pub fn billion_laughs() -> Vec<u8> {
    let mut entities = String::from("<!ENTITY lol \"lol\">");
    for level in 1..10 {
        let previous = if level == 1 { "lol".to_string() } else { format!("lol{}", level - 1) };
        entities
            .push_str(&format!("<!ENTITY lol{level} \"{}\">", format!("&{previous};").repeat(10)));
    }
    format!(
        "<?xml version=\"1.0\"?><!DOCTYPE VALUATION_RESPONSE [{entities}]>\
         <VALUATION_RESPONSE><REPORT AppraisalFormType=\"&lol9;\"/></VALUATION_RESPONSE>"
    )
    .into_bytes()
}

/// An external entity that would read a file of the server.
pub fn external_entity() -> Vec<u8> {
    b"<?xml version=\"1.0\"?><!DOCTYPE VALUATION_RESPONSE \
      [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>\
      <VALUATION_RESPONSE><REPORT AppraisalFormType=\"&secret;\"/></VALUATION_RESPONSE>"
        .to_vec()
}

/// A one-page PDF (Helvetica, WinAnsi) whose text is the given lines, with a correct
/// cross-reference table: a report PDF whose words a screening can read.
pub fn pdf_with_text(lines: &[&str]) -> Vec<u8> {
    let text: String = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let escaped = line.replace('\\', "\\\\").replace('(', "\\(").replace(')', "\\)");
            format!("BT /F1 11 Tf 72 {} Td ({escaped}) Tj ET\n", 720 - 16 * i as i64)
        })
        .collect();
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
         /Resources << /Font << /F1 5 0 R >> >> >>"
            .to_string(),
        format!("<< /Length {} >>\nstream\n{text}endstream", text.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_string(),
    ];
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for offset in offsets {
        table.push_str(&format!("{offset:010} 00000 n \n"));
    }
    pdf.extend_from_slice(table.as_bytes());
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}
