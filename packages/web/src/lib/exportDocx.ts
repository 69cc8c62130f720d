/** Word (.docx) export: Markdown tokens from marked become docx paragraphs, runs, lists and tables. */
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Token, Tokens } from 'marked';
import { markdownTokens } from './markdown.ts';

type Inline = TextRun | ExternalHyperlink;
interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const MONO = 'Consolas';

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _,
  );

function run(text: string, style: RunStyle): TextRun {
  return new TextRun({
    text: decode(text),
    bold: style.bold,
    italics: style.italics,
    strike: style.strike,
    font: style.code ? MONO : undefined,
    shading: style.code ? { fill: 'EEEEEE' } : undefined,
  });
}

function inlines(tokens: Token[] | undefined, style: RunStyle = {}): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inlines((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inlines((token as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...inlines((token as Tokens.Del).tokens, { ...style, strike: true }));
        break;
      case 'codespan':
        out.push(run((token as Tokens.Codespan).text, { ...style, code: true }));
        break;
      case 'br':
        out.push(new TextRun({ break: 1 }));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const children = inlines(link.tokens, style).filter((c): c is TextRun => c instanceof TextRun);
        out.push(
          new ExternalHyperlink({
            link: link.href,
            children: children.length ? children : [run(link.href, style)],
          }),
        );
        break;
      }
      case 'image':
        out.push(run(`[${(token as Tokens.Image).text || 'image'}]`, style));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push(...(text.tokens ? inlines(text.tokens, style) : [run(text.text, style)]));
        break;
      }
      default:
        if ('text' in token && typeof token.text === 'string') out.push(run(token.text, style));
    }
  }
  return out;
}

interface Context {
  nextListInstance: number;
}

function listParagraphs(list: Tokens.List, level: number, ctx: Context): (Paragraph | Table)[] {
  const instance = ctx.nextListInstance++;
  const out: (Paragraph | Table)[] = [];
  for (const item of list.items) {
    const [first, ...rest] = item.tokens;
    const marker = item.task ? [run(item.checked ? '☑ ' : '☐ ', {})] : [];
    const firstInline =
      first && (first.type === 'text' || first.type === 'paragraph')
        ? inlines((first as Tokens.Text).tokens ?? [first])
        : [];
    out.push(
      new Paragraph({
        children: [...marker, ...firstInline],
        ...(list.ordered
          ? { numbering: { reference: 'ordered', level: Math.min(level, 8), instance } }
          : { bullet: { level: Math.min(level, 8) } }),
      }),
    );
    const remaining = firstInline.length ? rest : item.tokens;
    for (const child of remaining) {
      if (child.type === 'list') out.push(...listParagraphs(child as Tokens.List, level + 1, ctx));
      else out.push(...blocks([child], ctx));
    }
  }
  return out;
}

function table(token: Tokens.Table): Table {
  const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
  const borders = { top: border, bottom: border, left: border, right: border };
  const cell = (c: Tokens.TableCell, header: boolean) =>
    new TableCell({ borders, children: [new Paragraph({ children: inlines(c.tokens, { bold: header }) })] });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: token.header.map((c) => cell(c, true)) }),
      ...token.rows.map((row) => new TableRow({ children: row.map((c) => cell(c, false)) })),
    ],
  });
}

function blocks(tokens: Token[], ctx: Context): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const h = token as Tokens.Heading;
        out.push(new Paragraph({ heading: HEADINGS[h.depth - 1], children: inlines(h.tokens) }));
        break;
      }
      case 'paragraph':
        out.push(
          new Paragraph({ children: inlines((token as Tokens.Paragraph).tokens), spacing: { after: 120 } }),
        );
        break;
      case 'code':
        for (const line of (token as Tokens.Code).text.split('\n'))
          out.push(new Paragraph({ children: [run(line || ' ', { code: true })], spacing: { after: 0 } }));
        out.push(new Paragraph({ children: [] }));
        break;
      case 'blockquote':
        for (const inner of (token as Tokens.Blockquote).tokens) {
          if (inner.type === 'paragraph')
            out.push(
              new Paragraph({
                children: inlines((inner as Tokens.Paragraph).tokens, { italics: true }),
                indent: { left: 720 },
              }),
            );
          else out.push(...blocks([inner], ctx));
        }
        break;
      case 'list':
        out.push(...listParagraphs(token as Tokens.List, 0, ctx));
        break;
      case 'table':
        out.push(table(token as Tokens.Table), new Paragraph({ children: [] }));
        break;
      case 'hr':
        out.push(
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } },
          }),
        );
        break;
      case 'space':
        break;
      default:
        if ('text' in token && typeof token.text === 'string')
          out.push(new Paragraph({ children: [run(token.text, {})] }));
    }
  }
  return out;
}

/** A .docx of the content: Markdown keeps its structure; plain text keeps its lines. */
export async function contentToDocx(content: string, format: 'markdown' | 'text'): Promise<Blob> {
  const children =
    format === 'markdown'
      ? blocks(markdownTokens(content), { nextListInstance: 0 })
      : content.split('\n').map((line) => new Paragraph({ children: [run(line, {})] }));
  const doc = new Document({
    creator: 'clip',
    numbering: {
      config: [
        {
          reference: 'ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBlob(doc);
}
