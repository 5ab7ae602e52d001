export function App() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Shohrat</h1>
      <p>Boost your social media presence with reliable &amp; fast services.</p>
    </main>
  );
}
