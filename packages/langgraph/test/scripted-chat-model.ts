/**
 * A LangChain chat model that answers from a script instead of a network (tests and examples): each call
 * gets `script(messages)`, either a text reply or one tool call. It records the tools it was bound to and
 * the messages of every call, so a test can check what the agent showed the model.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';

export type Turn = { text: string } | { call: string; args: Record<string, unknown> };

export class ScriptedChatModel extends BaseChatModel {
  readonly calls: BaseMessage[][] = [];
  boundTools: string[] = [];
  private n = 0;

  constructor(private readonly script: (messages: BaseMessage[]) => Turn) {
    super({});
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: StructuredToolInterface[]): this {
    this.boundTools = tools.map((t) => t.name);
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls.push(messages);
    const turn = this.script(messages);
    const message =
      'text' in turn
        ? new AIMessage(turn.text)
        : new AIMessage({ content: '', tool_calls: [{ id: `call-${++this.n}`, name: turn.call, args: turn.args, type: 'tool_call' }] });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

/** The JSON results of the tool messages since the last human message, by tool name. */
export function toolResultsSinceUser(messages: BaseMessage[]): Record<string, any> {
  const out: Record<string, any> = {};
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.getType() === 'human') break;
    if (m.getType() === 'tool') {
      const name = (m as unknown as { name: string }).name;
      if (!(name in out)) out[name] = JSON.parse(String(m.content));
    }
  }
  return out;
}

/** The text of the last human message. */
export function lastHuman(messages: BaseMessage[]): string {
  const m = [...messages].reverse().find((x) => x.getType() === 'human');
  return m === undefined ? '' : String(m.content);
}
