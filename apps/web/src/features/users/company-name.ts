/** A company is shown by its company name, its owner's name when it has none. */
export function companyName(company: { company_name: string | null; name: string }) {
  return company.company_name?.trim() || company.name;
}
