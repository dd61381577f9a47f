import { useState } from 'react';
import { css } from 'styled-system/css';
import { Page } from '../components/Page';
import { Diagram } from '../statecharts/Diagram';
import { loadDiagramMarkdown, machines, type MachineDiagram } from '../statecharts/diagrams';

/** docs/statecharts/<name>.md (Mermaid source and transition list), loaded when opened. */
function MarkdownSource({ machine }: { machine: MachineDiagram }) {
  const [text, setText] = useState<string>();
  return (
    <details
      className={css({ mt: '2' })}
      onToggle={(e) => {
        if (!(e.currentTarget as HTMLDetailsElement).open || text) return;
        loadDiagramMarkdown(machine).then(setText, () =>
          setText('The text could not be loaded. Check your connection, then close and open this again.'),
        );
      }}
    >
      <summary className={css({ cursor: 'pointer' })}>
        Text of this diagram (docs/statecharts/{machine.name}.md)
      </summary>
      <pre
        className={css({
          fontSize: 'xs',
          bg: 'surfaceRaised',
          p: '3',
          overflow: 'auto',
          maxH: '60vh',
          whiteSpace: 'pre-wrap',
        })}
      >
        {text ?? 'Loading…'}
      </pre>
    </details>
  );
}

/** Every machine's diagram, for reviewers (public: no sign-in). */
export function StatechartsPage() {
  return (
    <Page title="Statecharts" heading="Statecharts">
      <p className={css({ mb: '6', maxW: '75ch' })}>
        Every flow of Cater Captain is an explicit statechart. These diagrams are generated from the machines in the
        code ({machines.length} of them). To watch the machines of a page run, open <strong>Statecharts</strong> in the
        footer of any page.
      </p>
      <nav aria-label="Machines" className={css({ mb: '8' })}>
        <ul
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            '& a': { display: 'inline-block', px: '2', py: '1' },
          })}
        >
          {machines.map((m) => (
            <li key={m.id}>
              <a href={`#machine-${m.name}`}>{m.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {machines.map((m) => {
        return (
          <section
            key={m.id}
            id={`machine-${m.name}`}
            aria-labelledby={`heading-${m.name}`}
            className={css({ mb: '10', scrollMarginTop: '4' })}
          >
            <h2 id={`heading-${m.name}`} className={css({ fontSize: '2xl', color: 'secondary', mb: '1' })}>
              {m.title}
            </h2>
            <p className={css({ fontSize: 'sm', color: 'fgMuted', mb: '3' })}>
              Machine id <code>{m.id}</code>
              {m.source ? (
                <>
                  {' '}
                  · <code>{m.source}</code>
                </>
              ) : null}
            </p>
            <Diagram machine={m} defaultFit />
            <MarkdownSource machine={m} />
          </section>
        );
      })}
    </Page>
  );
}
