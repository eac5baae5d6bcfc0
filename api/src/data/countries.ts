import type { REGIONS } from "@atelier/contracts";

export type Region = (typeof REGIONS)[number];
export type Country = { code: string; name: string; region: Region };
export type State = { code: string; name: string };

// ISO 3166-1 alpha-2, all 249 entries. Region is the continent in the spec's six codes (000 §9);
// Antarctica and the sub-Antarctic islands have no continent among the six and are listed under OA.
const COUNTRY_ROWS: [string, string, Region][] = [
  ["AD", "Andorra", "EU"],
  ["AE", "United Arab Emirates", "AS"],
  ["AF", "Afghanistan", "AS"],
  ["AG", "Antigua and Barbuda", "NA"],
  ["AI", "Anguilla", "NA"],
  ["AL", "Albania", "EU"],
  ["AM", "Armenia", "AS"],
  ["AO", "Angola", "AF"],
  ["AQ", "Antarctica", "OA"],
  ["AR", "Argentina", "SA"],
  ["AS", "American Samoa", "OA"],
  ["AT", "Austria", "EU"],
  ["AU", "Australia", "OA"],
  ["AW", "Aruba", "NA"],
  ["AX", "Åland Islands", "EU"],
  ["AZ", "Azerbaijan", "AS"],
  ["BA", "Bosnia and Herzegovina", "EU"],
  ["BB", "Barbados", "NA"],
  ["BD", "Bangladesh", "AS"],
  ["BE", "Belgium", "EU"],
  ["BF", "Burkina Faso", "AF"],
  ["BG", "Bulgaria", "EU"],
  ["BH", "Bahrain", "AS"],
  ["BI", "Burundi", "AF"],
  ["BJ", "Benin", "AF"],
  ["BL", "Saint Barthélemy", "NA"],
  ["BM", "Bermuda", "NA"],
  ["BN", "Brunei", "AS"],
  ["BO", "Bolivia", "SA"],
  ["BQ", "Caribbean Netherlands", "NA"],
  ["BR", "Brazil", "SA"],
  ["BS", "Bahamas", "NA"],
  ["BT", "Bhutan", "AS"],
  ["BV", "Bouvet Island", "OA"],
  ["BW", "Botswana", "AF"],
  ["BY", "Belarus", "EU"],
  ["BZ", "Belize", "NA"],
  ["CA", "Canada", "NA"],
  ["CC", "Cocos (Keeling) Islands", "AS"],
  ["CD", "Democratic Republic of the Congo", "AF"],
  ["CF", "Central African Republic", "AF"],
  ["CG", "Republic of the Congo", "AF"],
  ["CH", "Switzerland", "EU"],
  ["CI", "Côte d'Ivoire", "AF"],
  ["CK", "Cook Islands", "OA"],
  ["CL", "Chile", "SA"],
  ["CM", "Cameroon", "AF"],
  ["CN", "China", "AS"],
  ["CO", "Colombia", "SA"],
  ["CR", "Costa Rica", "NA"],
  ["CU", "Cuba", "NA"],
  ["CV", "Cape Verde", "AF"],
  ["CW", "Curaçao", "NA"],
  ["CX", "Christmas Island", "AS"],
  ["CY", "Cyprus", "EU"],
  ["CZ", "Czechia", "EU"],
  ["DE", "Germany", "EU"],
  ["DJ", "Djibouti", "AF"],
  ["DK", "Denmark", "EU"],
  ["DM", "Dominica", "NA"],
  ["DO", "Dominican Republic", "NA"],
  ["DZ", "Algeria", "AF"],
  ["EC", "Ecuador", "SA"],
  ["EE", "Estonia", "EU"],
  ["EG", "Egypt", "AF"],
  ["EH", "Western Sahara", "AF"],
  ["ER", "Eritrea", "AF"],
  ["ES", "Spain", "EU"],
  ["ET", "Ethiopia", "AF"],
  ["FI", "Finland", "EU"],
  ["FJ", "Fiji", "OA"],
  ["FK", "Falkland Islands", "SA"],
  ["FM", "Micronesia", "OA"],
  ["FO", "Faroe Islands", "EU"],
  ["FR", "France", "EU"],
  ["GA", "Gabon", "AF"],
  ["GB", "United Kingdom", "EU"],
  ["GD", "Grenada", "NA"],
  ["GE", "Georgia", "AS"],
  ["GF", "French Guiana", "SA"],
  ["GG", "Guernsey", "EU"],
  ["GH", "Ghana", "AF"],
  ["GI", "Gibraltar", "EU"],
  ["GL", "Greenland", "NA"],
  ["GM", "Gambia", "AF"],
  ["GN", "Guinea", "AF"],
  ["GP", "Guadeloupe", "NA"],
  ["GQ", "Equatorial Guinea", "AF"],
  ["GR", "Greece", "EU"],
  ["GS", "South Georgia and South Sandwich Islands", "OA"],
  ["GT", "Guatemala", "NA"],
  ["GU", "Guam", "OA"],
  ["GW", "Guinea-Bissau", "AF"],
  ["GY", "Guyana", "SA"],
  ["HK", "Hong Kong", "AS"],
  ["HM", "Heard Island and McDonald Islands", "OA"],
  ["HN", "Honduras", "NA"],
  ["HR", "Croatia", "EU"],
  ["HT", "Haiti", "NA"],
  ["HU", "Hungary", "EU"],
  ["ID", "Indonesia", "AS"],
  ["IE", "Ireland", "EU"],
  ["IL", "Israel", "AS"],
  ["IM", "Isle of Man", "EU"],
  ["IN", "India", "AS"],
  ["IO", "British Indian Ocean Territory", "AS"],
  ["IQ", "Iraq", "AS"],
  ["IR", "Iran", "AS"],
  ["IS", "Iceland", "EU"],
  ["IT", "Italy", "EU"],
  ["JE", "Jersey", "EU"],
  ["JM", "Jamaica", "NA"],
  ["JO", "Jordan", "AS"],
  ["JP", "Japan", "AS"],
  ["KE", "Kenya", "AF"],
  ["KG", "Kyrgyzstan", "AS"],
  ["KH", "Cambodia", "AS"],
  ["KI", "Kiribati", "OA"],
  ["KM", "Comoros", "AF"],
  ["KN", "Saint Kitts and Nevis", "NA"],
  ["KP", "North Korea", "AS"],
  ["KR", "South Korea", "AS"],
  ["KW", "Kuwait", "AS"],
  ["KY", "Cayman Islands", "NA"],
  ["KZ", "Kazakhstan", "AS"],
  ["LA", "Laos", "AS"],
  ["LB", "Lebanon", "AS"],
  ["LC", "Saint Lucia", "NA"],
  ["LI", "Liechtenstein", "EU"],
  ["LK", "Sri Lanka", "AS"],
  ["LR", "Liberia", "AF"],
  ["LS", "Lesotho", "AF"],
  ["LT", "Lithuania", "EU"],
  ["LU", "Luxembourg", "EU"],
  ["LV", "Latvia", "EU"],
  ["LY", "Libya", "AF"],
  ["MA", "Morocco", "AF"],
  ["MC", "Monaco", "EU"],
  ["MD", "Moldova", "EU"],
  ["ME", "Montenegro", "EU"],
  ["MF", "Saint Martin (French part)", "NA"],
  ["MG", "Madagascar", "AF"],
  ["MH", "Marshall Islands", "OA"],
  ["MK", "North Macedonia", "EU"],
  ["ML", "Mali", "AF"],
  ["MM", "Myanmar", "AS"],
  ["MN", "Mongolia", "AS"],
  ["MO", "Macao", "AS"],
  ["MP", "Northern Mariana Islands", "OA"],
  ["MQ", "Martinique", "NA"],
  ["MR", "Mauritania", "AF"],
  ["MS", "Montserrat", "NA"],
  ["MT", "Malta", "EU"],
  ["MU", "Mauritius", "AF"],
  ["MV", "Maldives", "AS"],
  ["MW", "Malawi", "AF"],
  ["MX", "Mexico", "NA"],
  ["MY", "Malaysia", "AS"],
  ["MZ", "Mozambique", "AF"],
  ["NA", "Namibia", "AF"],
  ["NC", "New Caledonia", "OA"],
  ["NE", "Niger", "AF"],
  ["NF", "Norfolk Island", "OA"],
  ["NG", "Nigeria", "AF"],
  ["NI", "Nicaragua", "NA"],
  ["NL", "Netherlands", "EU"],
  ["NO", "Norway", "EU"],
  ["NP", "Nepal", "AS"],
  ["NR", "Nauru", "OA"],
  ["NU", "Niue", "OA"],
  ["NZ", "New Zealand", "OA"],
  ["OM", "Oman", "AS"],
  ["PA", "Panama", "NA"],
  ["PE", "Peru", "SA"],
  ["PF", "French Polynesia", "OA"],
  ["PG", "Papua New Guinea", "OA"],
  ["PH", "Philippines", "AS"],
  ["PK", "Pakistan", "AS"],
  ["PL", "Poland", "EU"],
  ["PM", "Saint Pierre and Miquelon", "NA"],
  ["PN", "Pitcairn Islands", "OA"],
  ["PR", "Puerto Rico", "NA"],
  ["PS", "Palestine", "AS"],
  ["PT", "Portugal", "EU"],
  ["PW", "Palau", "OA"],
  ["PY", "Paraguay", "SA"],
  ["QA", "Qatar", "AS"],
  ["RE", "Réunion", "AF"],
  ["RO", "Romania", "EU"],
  ["RS", "Serbia", "EU"],
  ["RU", "Russia", "EU"],
  ["RW", "Rwanda", "AF"],
  ["SA", "Saudi Arabia", "AS"],
  ["SB", "Solomon Islands", "OA"],
  ["SC", "Seychelles", "AF"],
  ["SD", "Sudan", "AF"],
  ["SE", "Sweden", "EU"],
  ["SG", "Singapore", "AS"],
  ["SH", "Saint Helena, Ascension and Tristan da Cunha", "AF"],
  ["SI", "Slovenia", "EU"],
  ["SJ", "Svalbard and Jan Mayen", "EU"],
  ["SK", "Slovakia", "EU"],
  ["SL", "Sierra Leone", "AF"],
  ["SM", "San Marino", "EU"],
  ["SN", "Senegal", "AF"],
  ["SO", "Somalia", "AF"],
  ["SR", "Suriname", "SA"],
  ["SS", "South Sudan", "AF"],
  ["ST", "São Tomé and Príncipe", "AF"],
  ["SV", "El Salvador", "NA"],
  ["SX", "Sint Maarten", "NA"],
  ["SY", "Syria", "AS"],
  ["SZ", "Eswatini", "AF"],
  ["TC", "Turks and Caicos Islands", "NA"],
  ["TD", "Chad", "AF"],
  ["TF", "French Southern Territories", "OA"],
  ["TG", "Togo", "AF"],
  ["TH", "Thailand", "AS"],
  ["TJ", "Tajikistan", "AS"],
  ["TK", "Tokelau", "OA"],
  ["TL", "Timor-Leste", "AS"],
  ["TM", "Turkmenistan", "AS"],
  ["TN", "Tunisia", "AF"],
  ["TO", "Tonga", "OA"],
  ["TR", "Türkiye", "AS"],
  ["TT", "Trinidad and Tobago", "NA"],
  ["TV", "Tuvalu", "OA"],
  ["TW", "Taiwan", "AS"],
  ["TZ", "Tanzania", "AF"],
  ["UA", "Ukraine", "EU"],
  ["UG", "Uganda", "AF"],
  ["UM", "United States Minor Outlying Islands", "OA"],
  ["US", "United States", "NA"],
  ["UY", "Uruguay", "SA"],
  ["UZ", "Uzbekistan", "AS"],
  ["VA", "Vatican City", "EU"],
  ["VC", "Saint Vincent and the Grenadines", "NA"],
  ["VE", "Venezuela", "SA"],
  ["VG", "British Virgin Islands", "NA"],
  ["VI", "U.S. Virgin Islands", "NA"],
  ["VN", "Vietnam", "AS"],
  ["VU", "Vanuatu", "OA"],
  ["WF", "Wallis and Futuna", "OA"],
  ["WS", "Samoa", "OA"],
  ["YE", "Yemen", "AS"],
  ["YT", "Mayotte", "AF"],
  ["ZA", "South Africa", "AF"],
  ["ZM", "Zambia", "AF"],
  ["ZW", "Zimbabwe", "AF"],
];

/** Every ISO 3166-1 country, sorted by code. */
export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(([code, name, region]) => ({ code, name, region }));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The country with this ISO code (upper case), if it exists. */
export function findCountry(code: string): Country | undefined {
  return BY_CODE.get(code.toUpperCase());
}

function states(rows: string): State[] {
  return rows
    .trim()
    .split("\n")
    .map((line) => {
      const [code, name] = line.trim().split("|");
      return { code: code!, name: name! };
    });
}

// Codes are the ISO 3166-2 subdivision codes without the country prefix (US-CA → CA).
// US: states, DC, inhabited territories and the armed-forces mail codes, as US shipping forms list them.
const US = states(`
AL|Alabama
AK|Alaska
AZ|Arizona
AR|Arkansas
CA|California
CO|Colorado
CT|Connecticut
DE|Delaware
DC|District of Columbia
FL|Florida
GA|Georgia
HI|Hawaii
ID|Idaho
IL|Illinois
IN|Indiana
IA|Iowa
KS|Kansas
KY|Kentucky
LA|Louisiana
ME|Maine
MD|Maryland
MA|Massachusetts
MI|Michigan
MN|Minnesota
MS|Mississippi
MO|Missouri
MT|Montana
NE|Nebraska
NV|Nevada
NH|New Hampshire
NJ|New Jersey
NM|New Mexico
NY|New York
NC|North Carolina
ND|North Dakota
OH|Ohio
OK|Oklahoma
OR|Oregon
PA|Pennsylvania
RI|Rhode Island
SC|South Carolina
SD|South Dakota
TN|Tennessee
TX|Texas
UT|Utah
VT|Vermont
VA|Virginia
WA|Washington
WV|West Virginia
WI|Wisconsin
WY|Wyoming
AS|American Samoa
GU|Guam
MP|Northern Mariana Islands
PR|Puerto Rico
VI|U.S. Virgin Islands
AA|Armed Forces Americas
AE|Armed Forces Europe
AP|Armed Forces Pacific
`);

const CA = states(`
AB|Alberta
BC|British Columbia
MB|Manitoba
NB|New Brunswick
NL|Newfoundland and Labrador
NS|Nova Scotia
NT|Northwest Territories
NU|Nunavut
ON|Ontario
PE|Prince Edward Island
QC|Quebec
SK|Saskatchewan
YT|Yukon
`);

// Mainland provincial-level divisions; Hong Kong, Macao and Taiwan are their own ISO 3166-1 entries.
const CN = states(`
AH|Anhui
BJ|Beijing
CQ|Chongqing
FJ|Fujian
GS|Gansu
GD|Guangdong
GX|Guangxi
GZ|Guizhou
HI|Hainan
HE|Hebei
HL|Heilongjiang
HA|Henan
HB|Hubei
HN|Hunan
NM|Inner Mongolia
JS|Jiangsu
JX|Jiangxi
JL|Jilin
LN|Liaoning
NX|Ningxia
QH|Qinghai
SN|Shaanxi
SD|Shandong
SH|Shanghai
SX|Shanxi
SC|Sichuan
TJ|Tianjin
XZ|Tibet
XJ|Xinjiang
YN|Yunnan
ZJ|Zhejiang
`);

// 28 states and 8 union territories.
const IN = states(`
AN|Andaman and Nicobar Islands
AP|Andhra Pradesh
AR|Arunachal Pradesh
AS|Assam
BR|Bihar
CH|Chandigarh
CG|Chhattisgarh
DH|Dadra and Nagar Haveli and Daman and Diu
DL|Delhi
GA|Goa
GJ|Gujarat
HR|Haryana
HP|Himachal Pradesh
JK|Jammu and Kashmir
JH|Jharkhand
KA|Karnataka
KL|Kerala
LA|Ladakh
LD|Lakshadweep
MP|Madhya Pradesh
MH|Maharashtra
MN|Manipur
ML|Meghalaya
MZ|Mizoram
NL|Nagaland
OD|Odisha
PY|Puducherry
PB|Punjab
RJ|Rajasthan
SK|Sikkim
TN|Tamil Nadu
TS|Telangana
TR|Tripura
UP|Uttar Pradesh
UK|Uttarakhand
WB|West Bengal
`);

const AU = states(`
ACT|Australian Capital Territory
NSW|New South Wales
NT|Northern Territory
QLD|Queensland
SA|South Australia
TAS|Tasmania
VIC|Victoria
WA|Western Australia
`);

// Provinces (with their two-letter sigla), which Italian postal addresses carry, rather than the 20 regions.
const IT = states(`
AG|Agrigento
AL|Alessandria
AN|Ancona
AO|Aosta
AR|Arezzo
AP|Ascoli Piceno
AT|Asti
AV|Avellino
BA|Bari
BT|Barletta-Andria-Trani
BL|Belluno
BN|Benevento
BG|Bergamo
BI|Biella
BO|Bologna
BZ|Bolzano
BS|Brescia
BR|Brindisi
CA|Cagliari
CL|Caltanissetta
CB|Campobasso
CE|Caserta
CT|Catania
CZ|Catanzaro
CH|Chieti
CO|Como
CS|Cosenza
CR|Cremona
KR|Crotone
CN|Cuneo
EN|Enna
FM|Fermo
FE|Ferrara
FI|Florence
FG|Foggia
FC|Forlì-Cesena
FR|Frosinone
GE|Genoa
GO|Gorizia
GR|Grosseto
IM|Imperia
IS|Isernia
AQ|L'Aquila
SP|La Spezia
LT|Latina
LE|Lecce
LC|Lecco
LI|Livorno
LO|Lodi
LU|Lucca
MC|Macerata
MN|Mantua
MS|Massa-Carrara
MT|Matera
ME|Messina
MI|Milan
MO|Modena
MB|Monza and Brianza
NA|Naples
NO|Novara
NU|Nuoro
OR|Oristano
PD|Padua
PA|Palermo
PR|Parma
PV|Pavia
PG|Perugia
PU|Pesaro and Urbino
PE|Pescara
PC|Piacenza
PI|Pisa
PT|Pistoia
PN|Pordenone
PZ|Potenza
PO|Prato
RG|Ragusa
RA|Ravenna
RC|Reggio Calabria
RE|Reggio Emilia
RI|Rieti
RN|Rimini
RM|Rome
RO|Rovigo
SA|Salerno
SS|Sassari
SV|Savona
SI|Siena
SR|Syracuse
SO|Sondrio
SU|South Sardinia
TA|Taranto
TE|Teramo
TR|Terni
TO|Turin
TP|Trapani
TN|Trento
TV|Treviso
TS|Trieste
UD|Udine
VA|Varese
VE|Venice
VB|Verbano-Cusio-Ossola
VC|Vercelli
VR|Verona
VV|Vibo Valentia
VI|Vicenza
VT|Viterbo
`);

const MX = states(`
AGU|Aguascalientes
BCN|Baja California
BCS|Baja California Sur
CAM|Campeche
CHP|Chiapas
CHH|Chihuahua
CMX|Ciudad de México
COA|Coahuila
COL|Colima
DUR|Durango
GUA|Guanajuato
GRO|Guerrero
HID|Hidalgo
JAL|Jalisco
MEX|Estado de México
MIC|Michoacán
MOR|Morelos
NAY|Nayarit
NLE|Nuevo León
OAX|Oaxaca
PUE|Puebla
QUE|Querétaro
ROO|Quintana Roo
SLP|San Luis Potosí
SIN|Sinaloa
SON|Sonora
TAB|Tabasco
TAM|Tamaulipas
TLA|Tlaxcala
VER|Veracruz
YUC|Yucatán
ZAC|Zacatecas
`);

// The 34 provincial-level units in force since 1 July 2025; each keeps the ISO 3166-2 code of the
// unit whose name it carries.
const VN = states(`
HN|Hà Nội
SG|Hồ Chí Minh City
HP|Hải Phòng
DN|Đà Nẵng
CT|Cần Thơ
26|Huế
44|An Giang
56|Bắc Ninh
59|Cà Mau
04|Cao Bằng
33|Đắk Lắk
71|Điện Biên
39|Đồng Nai
45|Đồng Tháp
30|Gia Lai
23|Hà Tĩnh
66|Hưng Yên
34|Khánh Hòa
01|Lai Châu
35|Lâm Đồng
09|Lạng Sơn
02|Lào Cai
22|Nghệ An
18|Ninh Bình
68|Phú Thọ
29|Quảng Ngãi
13|Quảng Ninh
25|Quảng Trị
05|Sơn La
37|Tây Ninh
69|Thái Nguyên
21|Thanh Hóa
07|Tuyên Quang
49|Vĩnh Long
`);

// The four nations; UK postal addresses need no county.
const GB = states(`
ENG|England
NIR|Northern Ireland
SCT|Scotland
WLS|Wales
`);

const STATES: Record<string, readonly State[]> = { US, CA, CN, IN, AU, IT, MX, VN, GB };

/** The states or provinces of a country; empty for a country whose subdivisions we do not ship. */
export function statesOf(countryCode: string): readonly State[] {
  return STATES[countryCode.toUpperCase()] ?? [];
}
