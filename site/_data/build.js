/** Facts about this build, for templates (copyright year). */
export default function () {
  return { year: new Date().getFullYear() };
}
