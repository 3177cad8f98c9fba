export default async function stackSetup() {}
