// Being built (issue 16): replaced by the page itself before this lands.
export default function Page() {
  return null;
}
