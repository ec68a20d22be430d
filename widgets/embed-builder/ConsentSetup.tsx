import type { OptionalCategory } from '../lib/consentCategories';
import { OPTIONAL_CATEGORIES } from '../lib/consentCategories';
import type { VendorField } from '../lib/consentVendor';
import { VENDOR_FIELDS, vendorDraft, vendorErrors, type PartnerConsent, type VendorDraft } from '../lib/consentForm';

/** What the pasted <dc-consent> describes: our site (texts fetched from us) or the partner's own. */
export type ConsentMode = 'ours' | 'own';

export interface ConsentChoice {
  mode: ConsentMode;
  categories: OptionalCategory[];
  vendors: VendorDraft[];
}

export const initialConsentChoice = (consent: PartnerConsent): ConsentChoice => ({
  mode: 'own',
  categories: [...consent.categories],
  vendors: consent.vendors.map((vendor) => ({ ...vendor })),
});

const VENDOR_LABELS: Record<VendorField, { label: string; hint: string }> = {
  name: { label: 'Name', hint: 'The provider as your visitors know it.' },
  category: { label: 'Category', hint: 'It runs only once the visitor allows this category.' },
  purpose: { label: 'What it does', hint: 'One or two sentences, shown in both languages.' },
  cookies: { label: 'Cookies it sets', hint: 'Optional, for example: _ga, _gid.' },
  retention: { label: 'How long it keeps them', hint: 'For example: 13 months.' },
  privacyUrl: { label: 'Privacy policy link', hint: "The vendor's own privacy policy, an https:// address." },
};

/**
 * The part of the /embed form for <dc-consent>: "same as dataclarity.de" or the partner's own
 * categories and vendors, each vendor field checked with the element's own rule and message.
 */
export function ConsentSetup({ consent, choice, onChange }: { consent: PartnerConsent; choice: ConsentChoice; onChange: (choice: ConsentChoice) => void }) {
  const setVendor = (index: number, field: VendorField, value: string) =>
    onChange({ ...choice, vendors: choice.vendors.map((vendor, i) => (i === index ? { ...vendor, [field]: value } : vendor)) });
  const toggle = (id: OptionalCategory, on: boolean) =>
    onChange({ ...choice, categories: OPTIONAL_CATEGORIES.filter((c) => (c === id ? on : choice.categories.includes(c))) });
  return (
    <div className="eb-consent">
      <fieldset className="eb-group">
        <legend>What the banner describes</legend>
        <div className="eb-stack">
          <label className="eb-radio">
            <input type="radio" name="eb-consent-mode" checked={choice.mode === 'own'} onChange={() => onChange({ ...choice, mode: 'own' })} />
            <span>My site: my categories and vendors (written into the snippet)</span>
          </label>
          <label className="eb-radio">
            <input type="radio" name="eb-consent-mode" checked={choice.mode === 'ours'} onChange={() => onChange({ ...choice, mode: 'ours' })} />
            <span>Same as dataclarity.de (our categories, vendors and texts)</span>
          </label>
        </div>
      </fieldset>
      {choice.mode === 'own' ? (
        <>
          <fieldset className="eb-group">
            <legend>Categories your site uses</legend>
            <div className="eb-stack">
              <label className="eb-check">
                <input type="checkbox" checked disabled aria-describedby="eb-cat-strictlyNecessary" />
                <span>{consent.en.categories.strictlyNecessary.name} (always on)</span>
              </label>
              <p id="eb-cat-strictlyNecessary" className="eb-hint">{consent.en.categories.strictlyNecessary.description}</p>
              {OPTIONAL_CATEGORIES.map((id) => (
                <div key={id}>
                  <label className="eb-check">
                    <input type="checkbox" checked={choice.categories.includes(id)} aria-describedby={`eb-cat-${id}`} onChange={(event) => toggle(id, event.currentTarget.checked)} />
                    <span>{consent.en.categories[id].name}</span>
                  </label>
                  <p id={`eb-cat-${id}`} className="eb-hint">{consent.en.categories[id].description}</p>
                </div>
              ))}
            </div>
          </fieldset>
          <h3 className="eb-subheading">Vendors</h3>
          {choice.vendors.length === 0 ? <p className="eb-hint">No vendors: the dialog says so under each category.</p> : null}
          {choice.vendors.map((vendor, index) => (
            <VendorFields
              key={index}
              index={index}
              vendor={vendor}
              categories={choice.categories}
              consent={consent}
              onField={(field, value) => setVendor(index, field, value)}
              onRemove={() => onChange({ ...choice, vendors: choice.vendors.filter((_, i) => i !== index) })}
            />
          ))}
          <button type="button" className="eb-button" onClick={() => onChange({ ...choice, vendors: [...choice.vendors, vendorDraft({ category: choice.categories[0] ?? '' })] })}>
            Add a vendor
          </button>
        </>
      ) : null}
    </div>
  );
}

function VendorFields({
  index,
  vendor,
  categories,
  consent,
  onField,
  onRemove,
}: {
  index: number;
  vendor: VendorDraft;
  categories: readonly OptionalCategory[];
  consent: PartnerConsent;
  onField: (field: VendorField, value: string) => void;
  onRemove: () => void;
}) {
  const errors = vendorErrors(vendor, categories);
  const title = `Vendor ${index + 1}${vendor.name.trim() ? `: ${vendor.name.trim()}` : ''}`;
  return (
    <fieldset className="eb-group eb-vendor">
      <legend>{title}</legend>
      {VENDOR_FIELDS.map((field) => {
        const id = `eb-vendor-${index}-${field}`;
        const error = errors[field];
        const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
        return (
          <div key={field} className="eb-field">
            <label htmlFor={id}>{VENDOR_LABELS[field].label}</label>
            {field === 'category' ? (
              <select id={id} className="eb-input" value={vendor.category} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy} onChange={(event) => onField(field, event.currentTarget.value)}>
                {vendor.category === '' ? <option value="">Choose a category</option> : null}
                {OPTIONAL_CATEGORIES.map((id) => (
                  <option key={id} value={id}>{consent.en.categories[id].name}</option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="eb-input"
                type="text"
                inputMode={field === 'privacyUrl' ? 'url' : undefined}
                spellCheck={field === 'purpose'}
                autoComplete="off"
                value={vendor[field]}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={describedBy}
                onInput={(event) => onField(field, (event.target as HTMLInputElement).value)}
              />
            )}
            <p id={`${id}-hint`} className="eb-hint">{VENDOR_LABELS[field].hint}</p>
            {error ? <p id={`${id}-error`} className="eb-field-error">{error}</p> : null}
          </div>
        );
      })}
      {Object.keys(errors).length > 0 ? <p className="eb-field-error">This vendor is left out of the snippet until every field is right.</p> : null}
      <button type="button" className="eb-button eb-button-quiet" onClick={onRemove}>
        Remove {vendor.name.trim() || `vendor ${index + 1}`}
      </button>
    </fieldset>
  );
}
