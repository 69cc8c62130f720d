import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main>
      <h1>clip</h1>
      <p>Online clipboard and file sharing.</p>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
