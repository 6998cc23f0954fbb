/**
 * First-level subdivisions per supported country. Codes are ISO 3166-2
 * suffixes (stable, ASCII); names are the local official names. lat/lon is the
 * main city (or capital) of the region, good enough for rough distances.
 * Pure module: safe on both server and client.
 */
import { isCountryCode, type CountryCode } from './countries';

export type Region = { code: string; name: string; lat: number; lon: number };

const NL: readonly Region[] = [
  { code: 'DR', name: 'Drenthe', lat: 52.99, lon: 6.56 },
  { code: 'FL', name: 'Flevoland', lat: 52.52, lon: 5.47 },
  { code: 'FR', name: 'Fryslân', lat: 53.2, lon: 5.8 },
  { code: 'GE', name: 'Gelderland', lat: 51.98, lon: 5.91 },
  { code: 'GR', name: 'Groningen', lat: 53.22, lon: 6.57 },
  { code: 'LI', name: 'Limburg', lat: 51.19, lon: 5.99 },
  { code: 'NB', name: 'Noord-Brabant', lat: 51.69, lon: 5.3 },
  { code: 'NH', name: 'Noord-Holland', lat: 52.37, lon: 4.9 },
  { code: 'OV', name: 'Overijssel', lat: 52.51, lon: 6.09 },
  { code: 'UT', name: 'Utrecht', lat: 52.09, lon: 5.12 },
  { code: 'ZE', name: 'Zeeland', lat: 51.5, lon: 3.61 },
  { code: 'ZH', name: 'Zuid-Holland', lat: 52.08, lon: 4.3 },
];

const BE: readonly Region[] = [
  { code: 'VAN', name: 'Antwerpen', lat: 51.22, lon: 4.4 },
  { code: 'VLI', name: 'Limburg', lat: 50.93, lon: 5.34 },
  { code: 'VOV', name: 'Oost-Vlaanderen', lat: 51.05, lon: 3.72 },
  { code: 'VBR', name: 'Vlaams-Brabant', lat: 50.88, lon: 4.7 },
  { code: 'VWV', name: 'West-Vlaanderen', lat: 51.21, lon: 3.22 },
  { code: 'WBR', name: 'Brabant wallon', lat: 50.72, lon: 4.61 },
  { code: 'WHT', name: 'Hainaut', lat: 50.45, lon: 3.95 },
  { code: 'WLG', name: 'Liège', lat: 50.63, lon: 5.57 },
  { code: 'WLX', name: 'Luxembourg', lat: 49.68, lon: 5.82 },
  { code: 'WNA', name: 'Namur', lat: 50.47, lon: 4.87 },
  { code: 'BRU', name: 'Brussel / Bruxelles', lat: 50.85, lon: 4.35 },
];

const DE: readonly Region[] = [
  { code: 'BW', name: 'Baden-Württemberg', lat: 48.78, lon: 9.18 },
  { code: 'BY', name: 'Bayern', lat: 48.14, lon: 11.58 },
  { code: 'BE', name: 'Berlin', lat: 52.52, lon: 13.4 },
  { code: 'BB', name: 'Brandenburg', lat: 52.4, lon: 13.07 },
  { code: 'HB', name: 'Bremen', lat: 53.08, lon: 8.8 },
  { code: 'HH', name: 'Hamburg', lat: 53.55, lon: 9.99 },
  { code: 'HE', name: 'Hessen', lat: 50.11, lon: 8.68 },
  { code: 'MV', name: 'Mecklenburg-Vorpommern', lat: 53.63, lon: 11.41 },
  { code: 'NI', name: 'Niedersachsen', lat: 52.37, lon: 9.73 },
  { code: 'NW', name: 'Nordrhein-Westfalen', lat: 51.23, lon: 6.78 },
  { code: 'RP', name: 'Rheinland-Pfalz', lat: 50.0, lon: 8.27 },
  { code: 'SL', name: 'Saarland', lat: 49.24, lon: 6.99 },
  { code: 'SN', name: 'Sachsen', lat: 51.05, lon: 13.74 },
  { code: 'ST', name: 'Sachsen-Anhalt', lat: 52.13, lon: 11.63 },
  { code: 'SH', name: 'Schleswig-Holstein', lat: 54.32, lon: 10.12 },
  { code: 'TH', name: 'Thüringen', lat: 50.98, lon: 11.03 },
];

const AT: readonly Region[] = [
  { code: '1', name: 'Burgenland', lat: 47.85, lon: 16.52 },
  { code: '2', name: 'Kärnten', lat: 46.62, lon: 14.31 },
  { code: '3', name: 'Niederösterreich', lat: 48.2, lon: 15.63 },
  { code: '4', name: 'Oberösterreich', lat: 48.31, lon: 14.29 },
  { code: '5', name: 'Salzburg', lat: 47.81, lon: 13.04 },
  { code: '6', name: 'Steiermark', lat: 47.07, lon: 15.44 },
  { code: '7', name: 'Tirol', lat: 47.27, lon: 11.4 },
  { code: '8', name: 'Vorarlberg', lat: 47.5, lon: 9.75 },
  { code: '9', name: 'Wien', lat: 48.21, lon: 16.37 },
];

const CH: readonly Region[] = [
  { code: 'AG', name: 'Aargau', lat: 47.39, lon: 8.04 },
  { code: 'AI', name: 'Appenzell Innerrhoden', lat: 47.33, lon: 9.41 },
  { code: 'AR', name: 'Appenzell Ausserrhoden', lat: 47.39, lon: 9.28 },
  { code: 'BE', name: 'Bern', lat: 46.95, lon: 7.45 },
  { code: 'BL', name: 'Basel-Landschaft', lat: 47.48, lon: 7.73 },
  { code: 'BS', name: 'Basel-Stadt', lat: 47.56, lon: 7.59 },
  { code: 'FR', name: 'Fribourg / Freiburg', lat: 46.81, lon: 7.16 },
  { code: 'GE', name: 'Genève', lat: 46.2, lon: 6.14 },
  { code: 'GL', name: 'Glarus', lat: 47.04, lon: 9.07 },
  { code: 'GR', name: 'Graubünden', lat: 46.85, lon: 9.53 },
  { code: 'JU', name: 'Jura', lat: 47.36, lon: 7.34 },
  { code: 'LU', name: 'Luzern', lat: 47.05, lon: 8.31 },
  { code: 'NE', name: 'Neuchâtel', lat: 46.99, lon: 6.93 },
  { code: 'NW', name: 'Nidwalden', lat: 46.96, lon: 8.37 },
  { code: 'OW', name: 'Obwalden', lat: 46.9, lon: 8.25 },
  { code: 'SG', name: 'St. Gallen', lat: 47.42, lon: 9.38 },
  { code: 'SH', name: 'Schaffhausen', lat: 47.7, lon: 8.63 },
  { code: 'SO', name: 'Solothurn', lat: 47.21, lon: 7.54 },
  { code: 'SZ', name: 'Schwyz', lat: 47.02, lon: 8.65 },
  { code: 'TG', name: 'Thurgau', lat: 47.56, lon: 8.9 },
  { code: 'TI', name: 'Ticino', lat: 46.19, lon: 9.02 },
  { code: 'UR', name: 'Uri', lat: 46.88, lon: 8.64 },
  { code: 'VD', name: 'Vaud', lat: 46.52, lon: 6.63 },
  { code: 'VS', name: 'Valais / Wallis', lat: 46.23, lon: 7.36 },
  { code: 'ZG', name: 'Zug', lat: 47.17, lon: 8.52 },
  { code: 'ZH', name: 'Zürich', lat: 47.38, lon: 8.54 },
];

const GB: readonly Region[] = [
  { code: 'ENG', name: 'England', lat: 51.51, lon: -0.13 },
  { code: 'SCT', name: 'Scotland', lat: 55.95, lon: -3.19 },
  { code: 'WLS', name: 'Wales', lat: 51.48, lon: -3.18 },
  { code: 'NIR', name: 'Northern Ireland', lat: 54.6, lon: -5.93 },
];

/** The four provinces (the Republic's part of Ulster for 'U'). */
const IE: readonly Region[] = [
  { code: 'C', name: 'Connacht', lat: 53.27, lon: -9.05 },
  { code: 'L', name: 'Leinster', lat: 53.35, lon: -6.26 },
  { code: 'M', name: 'Munster', lat: 51.9, lon: -8.47 },
  { code: 'U', name: 'Ulster', lat: 54.95, lon: -7.73 },
];

const US: readonly Region[] = [
  { code: 'AL', name: 'Alabama', lat: 33.52, lon: -86.8 },
  { code: 'AK', name: 'Alaska', lat: 61.22, lon: -149.9 },
  { code: 'AZ', name: 'Arizona', lat: 33.45, lon: -112.07 },
  { code: 'AR', name: 'Arkansas', lat: 34.75, lon: -92.29 },
  { code: 'CA', name: 'California', lat: 34.05, lon: -118.24 },
  { code: 'CO', name: 'Colorado', lat: 39.74, lon: -104.99 },
  { code: 'CT', name: 'Connecticut', lat: 41.76, lon: -72.68 },
  { code: 'DE', name: 'Delaware', lat: 39.74, lon: -75.55 },
  { code: 'DC', name: 'District of Columbia', lat: 38.91, lon: -77.04 },
  { code: 'FL', name: 'Florida', lat: 28.54, lon: -81.38 },
  { code: 'GA', name: 'Georgia', lat: 33.75, lon: -84.39 },
  { code: 'HI', name: 'Hawaii', lat: 21.31, lon: -157.86 },
  { code: 'ID', name: 'Idaho', lat: 43.62, lon: -116.2 },
  { code: 'IL', name: 'Illinois', lat: 41.88, lon: -87.63 },
  { code: 'IN', name: 'Indiana', lat: 39.77, lon: -86.16 },
  { code: 'IA', name: 'Iowa', lat: 41.59, lon: -93.62 },
  { code: 'KS', name: 'Kansas', lat: 37.69, lon: -97.34 },
  { code: 'KY', name: 'Kentucky', lat: 38.25, lon: -85.76 },
  { code: 'LA', name: 'Louisiana', lat: 29.95, lon: -90.07 },
  { code: 'ME', name: 'Maine', lat: 43.66, lon: -70.26 },
  { code: 'MD', name: 'Maryland', lat: 39.29, lon: -76.61 },
  { code: 'MA', name: 'Massachusetts', lat: 42.36, lon: -71.06 },
  { code: 'MI', name: 'Michigan', lat: 42.33, lon: -83.05 },
  { code: 'MN', name: 'Minnesota', lat: 44.98, lon: -93.27 },
  { code: 'MS', name: 'Mississippi', lat: 32.3, lon: -90.18 },
  { code: 'MO', name: 'Missouri', lat: 38.63, lon: -90.2 },
  { code: 'MT', name: 'Montana', lat: 45.78, lon: -108.5 },
  { code: 'NE', name: 'Nebraska', lat: 41.26, lon: -95.93 },
  { code: 'NV', name: 'Nevada', lat: 36.17, lon: -115.14 },
  { code: 'NH', name: 'New Hampshire', lat: 42.99, lon: -71.46 },
  { code: 'NJ', name: 'New Jersey', lat: 40.74, lon: -74.17 },
  { code: 'NM', name: 'New Mexico', lat: 35.08, lon: -106.65 },
  { code: 'NY', name: 'New York', lat: 40.71, lon: -74.01 },
  { code: 'NC', name: 'North Carolina', lat: 35.23, lon: -80.84 },
  { code: 'ND', name: 'North Dakota', lat: 46.88, lon: -96.79 },
  { code: 'OH', name: 'Ohio', lat: 39.96, lon: -83.0 },
  { code: 'OK', name: 'Oklahoma', lat: 35.47, lon: -97.52 },
  { code: 'OR', name: 'Oregon', lat: 45.52, lon: -122.68 },
  { code: 'PA', name: 'Pennsylvania', lat: 39.95, lon: -75.17 },
  { code: 'RI', name: 'Rhode Island', lat: 41.82, lon: -71.41 },
  { code: 'SC', name: 'South Carolina', lat: 34.0, lon: -81.03 },
  { code: 'SD', name: 'South Dakota', lat: 43.54, lon: -96.73 },
  { code: 'TN', name: 'Tennessee', lat: 36.16, lon: -86.78 },
  { code: 'TX', name: 'Texas', lat: 32.78, lon: -96.8 },
  { code: 'UT', name: 'Utah', lat: 40.76, lon: -111.89 },
  { code: 'VT', name: 'Vermont', lat: 44.48, lon: -73.21 },
  { code: 'VA', name: 'Virginia', lat: 37.54, lon: -77.44 },
  { code: 'WA', name: 'Washington', lat: 47.61, lon: -122.33 },
  { code: 'WV', name: 'West Virginia', lat: 38.35, lon: -81.63 },
  { code: 'WI', name: 'Wisconsin', lat: 43.04, lon: -87.91 },
  { code: 'WY', name: 'Wyoming', lat: 41.14, lon: -104.82 },
];

const CA: readonly Region[] = [
  { code: 'AB', name: 'Alberta', lat: 51.05, lon: -114.07 },
  { code: 'BC', name: 'British Columbia', lat: 49.28, lon: -123.12 },
  { code: 'MB', name: 'Manitoba', lat: 49.9, lon: -97.14 },
  { code: 'NB', name: 'New Brunswick', lat: 45.96, lon: -66.64 },
  { code: 'NL', name: 'Newfoundland and Labrador', lat: 47.56, lon: -52.71 },
  { code: 'NS', name: 'Nova Scotia', lat: 44.65, lon: -63.58 },
  { code: 'ON', name: 'Ontario', lat: 43.65, lon: -79.38 },
  { code: 'PE', name: 'Prince Edward Island', lat: 46.24, lon: -63.13 },
  { code: 'QC', name: 'Québec', lat: 45.5, lon: -73.57 },
  { code: 'SK', name: 'Saskatchewan', lat: 50.45, lon: -104.61 },
  { code: 'NT', name: 'Northwest Territories', lat: 62.45, lon: -114.37 },
  { code: 'NU', name: 'Nunavut', lat: 63.75, lon: -68.52 },
  { code: 'YT', name: 'Yukon', lat: 60.72, lon: -135.06 },
];

const AU: readonly Region[] = [
  { code: 'NSW', name: 'New South Wales', lat: -33.87, lon: 151.21 },
  { code: 'VIC', name: 'Victoria', lat: -37.81, lon: 144.96 },
  { code: 'QLD', name: 'Queensland', lat: -27.47, lon: 153.03 },
  { code: 'WA', name: 'Western Australia', lat: -31.95, lon: 115.86 },
  { code: 'SA', name: 'South Australia', lat: -34.93, lon: 138.6 },
  { code: 'TAS', name: 'Tasmania', lat: -42.88, lon: 147.33 },
  { code: 'ACT', name: 'Australian Capital Territory', lat: -35.28, lon: 149.13 },
  { code: 'NT', name: 'Northern Territory', lat: -12.46, lon: 130.84 },
];

const NZ: readonly Region[] = [
  { code: 'NTL', name: 'Northland', lat: -35.73, lon: 174.32 },
  { code: 'AUK', name: 'Auckland', lat: -36.85, lon: 174.76 },
  { code: 'WKO', name: 'Waikato', lat: -37.79, lon: 175.28 },
  { code: 'BOP', name: 'Bay of Plenty', lat: -37.69, lon: 176.17 },
  { code: 'GIS', name: 'Gisborne', lat: -38.66, lon: 178.02 },
  { code: 'HKB', name: "Hawke's Bay", lat: -39.49, lon: 176.91 },
  { code: 'TKI', name: 'Taranaki', lat: -39.06, lon: 174.08 },
  { code: 'MWT', name: 'Manawatū-Whanganui', lat: -40.35, lon: 175.61 },
  { code: 'WGN', name: 'Wellington', lat: -41.29, lon: 174.78 },
  { code: 'TAS', name: 'Tasman', lat: -41.34, lon: 173.18 },
  { code: 'NSN', name: 'Nelson', lat: -41.27, lon: 173.28 },
  { code: 'MBH', name: 'Marlborough', lat: -41.51, lon: 173.96 },
  { code: 'WTC', name: 'West Coast', lat: -42.45, lon: 171.21 },
  { code: 'CAN', name: 'Canterbury', lat: -43.53, lon: 172.64 },
  { code: 'OTA', name: 'Otago', lat: -45.87, lon: 170.5 },
  { code: 'STL', name: 'Southland', lat: -46.41, lon: 168.35 },
];

/** The 13 metropolitan regions (overseas regions are not included). */
const FR: readonly Region[] = [
  { code: 'ARA', name: 'Auvergne-Rhône-Alpes', lat: 45.76, lon: 4.84 },
  { code: 'BFC', name: 'Bourgogne-Franche-Comté', lat: 47.32, lon: 5.04 },
  { code: 'BRE', name: 'Bretagne', lat: 48.11, lon: -1.68 },
  { code: 'CVL', name: 'Centre-Val de Loire', lat: 47.9, lon: 1.9 },
  { code: '20R', name: 'Corse', lat: 41.93, lon: 8.74 },
  { code: 'GES', name: 'Grand Est', lat: 48.57, lon: 7.75 },
  { code: 'HDF', name: 'Hauts-de-France', lat: 50.63, lon: 3.06 },
  { code: 'IDF', name: 'Île-de-France', lat: 48.86, lon: 2.35 },
  { code: 'NOR', name: 'Normandie', lat: 49.44, lon: 1.1 },
  { code: 'NAQ', name: 'Nouvelle-Aquitaine', lat: 44.84, lon: -0.58 },
  { code: 'OCC', name: 'Occitanie', lat: 43.6, lon: 1.44 },
  { code: 'PDL', name: 'Pays de la Loire', lat: 47.22, lon: -1.55 },
  { code: 'PAC', name: "Provence-Alpes-Côte d'Azur", lat: 43.3, lon: 5.37 },
];

const IT: readonly Region[] = [
  { code: '21', name: 'Piemonte', lat: 45.07, lon: 7.69 },
  { code: '23', name: "Valle d'Aosta", lat: 45.74, lon: 7.32 },
  { code: '25', name: 'Lombardia', lat: 45.46, lon: 9.19 },
  { code: '32', name: 'Trentino-Alto Adige', lat: 46.07, lon: 11.12 },
  { code: '34', name: 'Veneto', lat: 45.44, lon: 12.32 },
  { code: '36', name: 'Friuli-Venezia Giulia', lat: 45.65, lon: 13.78 },
  { code: '42', name: 'Liguria', lat: 44.41, lon: 8.93 },
  { code: '45', name: 'Emilia-Romagna', lat: 44.49, lon: 11.34 },
  { code: '52', name: 'Toscana', lat: 43.77, lon: 11.26 },
  { code: '55', name: 'Umbria', lat: 43.11, lon: 12.39 },
  { code: '57', name: 'Marche', lat: 43.62, lon: 13.52 },
  { code: '62', name: 'Lazio', lat: 41.9, lon: 12.5 },
  { code: '65', name: 'Abruzzo', lat: 42.35, lon: 13.4 },
  { code: '67', name: 'Molise', lat: 41.56, lon: 14.66 },
  { code: '72', name: 'Campania', lat: 40.85, lon: 14.27 },
  { code: '75', name: 'Puglia', lat: 41.12, lon: 16.87 },
  { code: '77', name: 'Basilicata', lat: 40.64, lon: 15.81 },
  { code: '78', name: 'Calabria', lat: 38.91, lon: 16.59 },
  { code: '82', name: 'Sicilia', lat: 38.12, lon: 13.36 },
  { code: '88', name: 'Sardegna', lat: 39.22, lon: 9.12 },
];

/** The 17 autonomous communities (the autonomous cities Ceuta and Melilla are not included). */
const ES: readonly Region[] = [
  { code: 'AN', name: 'Andalucía', lat: 37.39, lon: -5.98 },
  { code: 'AR', name: 'Aragón', lat: 41.65, lon: -0.89 },
  { code: 'AS', name: 'Asturias', lat: 43.36, lon: -5.85 },
  { code: 'IB', name: 'Illes Balears', lat: 39.57, lon: 2.65 },
  { code: 'CN', name: 'Canarias', lat: 28.12, lon: -15.43 },
  { code: 'CB', name: 'Cantabria', lat: 43.46, lon: -3.81 },
  { code: 'CL', name: 'Castilla y León', lat: 41.65, lon: -4.72 },
  { code: 'CM', name: 'Castilla-La Mancha', lat: 39.86, lon: -4.02 },
  { code: 'CT', name: 'Catalunya', lat: 41.39, lon: 2.17 },
  { code: 'VC', name: 'Comunitat Valenciana', lat: 39.47, lon: -0.38 },
  { code: 'EX', name: 'Extremadura', lat: 38.92, lon: -6.34 },
  { code: 'GA', name: 'Galicia', lat: 42.88, lon: -8.54 },
  { code: 'MD', name: 'Comunidad de Madrid', lat: 40.42, lon: -3.7 },
  { code: 'MC', name: 'Región de Murcia', lat: 37.99, lon: -1.13 },
  { code: 'NC', name: 'Navarra', lat: 42.81, lon: -1.65 },
  { code: 'PV', name: 'País Vasco / Euskadi', lat: 43.26, lon: -2.93 },
  { code: 'RI', name: 'La Rioja', lat: 42.47, lon: -2.45 },
];

const PL: readonly Region[] = [
  { code: 'DS', name: 'Dolnośląskie', lat: 51.11, lon: 17.03 },
  { code: 'KP', name: 'Kujawsko-pomorskie', lat: 53.12, lon: 18.01 },
  { code: 'LU', name: 'Lubelskie', lat: 51.25, lon: 22.57 },
  { code: 'LB', name: 'Lubuskie', lat: 51.94, lon: 15.51 },
  { code: 'LD', name: 'Łódzkie', lat: 51.76, lon: 19.46 },
  { code: 'MA', name: 'Małopolskie', lat: 50.06, lon: 19.94 },
  { code: 'MZ', name: 'Mazowieckie', lat: 52.23, lon: 21.01 },
  { code: 'OP', name: 'Opolskie', lat: 50.67, lon: 17.93 },
  { code: 'PK', name: 'Podkarpackie', lat: 50.04, lon: 22.0 },
  { code: 'PD', name: 'Podlaskie', lat: 53.13, lon: 23.16 },
  { code: 'PM', name: 'Pomorskie', lat: 54.35, lon: 18.65 },
  { code: 'SL', name: 'Śląskie', lat: 50.26, lon: 19.02 },
  { code: 'SK', name: 'Świętokrzyskie', lat: 50.87, lon: 20.63 },
  { code: 'WN', name: 'Warmińsko-mazurskie', lat: 53.78, lon: 20.48 },
  { code: 'WP', name: 'Wielkopolskie', lat: 52.41, lon: 16.93 },
  { code: 'ZP', name: 'Zachodniopomorskie', lat: 53.43, lon: 14.55 },
];

export const REGIONS: Record<CountryCode, readonly Region[]> = {
  NL,
  BE,
  DE,
  AT,
  CH,
  GB,
  IE,
  US,
  CA,
  AU,
  NZ,
  FR,
  IT,
  ES,
  PL,
};

const NO_REGIONS: readonly Region[] = [];

/** Regions of a country; empty for an unknown country. */
export function regionsFor(country: string): readonly Region[] {
  const code = country.toUpperCase();
  return isCountryCode(code) ? REGIONS[code] : NO_REGIONS;
}

export function findRegion(country: string, code: string): Region | undefined {
  const wanted = code.toUpperCase();
  return regionsFor(country).find((region) => region.code === wanted);
}
