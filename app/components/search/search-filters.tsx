import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { regionLabelFor } from "~/modules/geo/countries.ts";
import { regionsFor } from "~/modules/geo/regions.ts";
import {
  AGE_MAX,
  AGE_MIN,
  APPEARANCES,
  LOOKING_FOR,
  type SearchFilters as Filters,
} from "~/modules/search/search-params.ts";

type Props = {
  filters: Filters;
  countries: readonly string[];
  searchFields: readonly string[];
};

/**
 * The filter form: a GET form, so every search is a bookmarkable URL and works without
 * JavaScript. With JavaScript the region list follows the chosen country at once; without,
 * it shows the regions of the country in the URL after the next search.
 */
export function SearchFilters({ filters, countries, searchFields }: Props) {
  const { t } = useTranslation("search");
  const [country, setCountry] = useState(filters.country ?? "");
  const regions = country ? regionsFor(country) : [];
  const shows = (field: string) => searchFields.includes(field);
  return (
    <div className="search-filters-fold">
      {/* Phones (issue 22): the form is folded so the first cards are on the first screen. A
          checkbox and its label open it, which works without JavaScript; wider screens
          always show it beside the results. */}
      <input
        type="checkbox"
        id="search-filters-toggle"
        className="visually-hidden search-filters-fold__toggle"
        aria-controls="search-filters"
      />
      <label
        htmlFor="search-filters-toggle"
        className="button button--light search-filters-fold__label"
      >
        {t("filters.toggle")}
      </label>
      <Form
        method="get"
        action="/members"
        id="search-filters"
        className="card search-filters"
        role="search"
        aria-label={t("filters.label")}
      >
        {shows("gender") ? (
          <div className="field">
            <label htmlFor="search-gender">{t("filters.lookingFor")}</label>
            <select
              id="search-gender"
              name="gender"
              defaultValue={filters.gender}
            >
              {LOOKING_FOR.map((value) => (
                <option key={value} value={value}>
                  {t(`filters.gender.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {shows("country") ? (
          <div className="field">
            <label htmlFor="search-country">{t("filters.country")}</label>
            <select
              id="search-country"
              name="country"
              value={country}
              onChange={(event) => setCountry(event.target.value)}
            >
              <option value="">{t("filters.anyCountry")}</option>
              {countries.map((code) => (
                <option key={code} value={code}>
                  {t(`common:countries.${code}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {shows("region") ? (
          <div className="field">
            <label htmlFor="search-region">
              {t(`common:regionLabel.${regionLabelFor(country)}`)}
            </label>
            <select
              id="search-region"
              name="countryregion"
              defaultValue={filters.countryregion ?? ""}
              key={country}
              aria-describedby={country ? undefined : "search-region-hint"}
            >
              <option value="">{t("filters.anyRegion")}</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
            {country ? null : (
              <p className="field-hint" id="search-region-hint">
                {t("filters.chooseCountryFirst")}
              </p>
            )}
          </div>
        ) : null}
        {shows("age") ? (
          <div className="search-filters__ages">
            <div className="field">
              <label htmlFor="search-min-age">{t("filters.minAge")}</label>
              <input
                id="search-min-age"
                name="min_age"
                type="number"
                inputMode="numeric"
                min={AGE_MIN}
                max={AGE_MAX}
                defaultValue={filters.min_age}
              />
            </div>
            <div className="field">
              <label htmlFor="search-max-age">{t("filters.maxAge")}</label>
              <input
                id="search-max-age"
                name="max_age"
                type="number"
                inputMode="numeric"
                min={AGE_MIN}
                max={AGE_MAX}
                defaultValue={filters.max_age}
              />
            </div>
          </div>
        ) : null}
        {filters.appearance ? (
          // Only set through the match finder; shown so it can be changed or dropped.
          <div className="field">
            <label htmlFor="search-appearance">{t("filters.appearance")}</label>
            <select
              id="search-appearance"
              name="appearance"
              defaultValue={filters.appearance}
            >
              <option value="">{t("filters.anyAppearance")}</option>
              {APPEARANCES.map((value) => (
                <option key={value} value={value}>
                  {t(`appearance.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="search-filters__actions">
          <button type="submit" className="button button--primary">
            {t("filters.submit")}
          </button>
          <Link to="/members" className="button button--ghost">
            {t("filters.reset")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
