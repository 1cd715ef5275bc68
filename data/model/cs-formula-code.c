/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula-code.c — a parsed formula turned into a flat program
 *
 * The walk keeps its own stack of frames instead of recursing: a sum of
 * 200 000 terms is a tree 200 000 levels deep (the operators are left
 * associative), more than any thread's stack holds as C frames. The code is
 * in the order the evaluator runs it, which is also the order cs_expr_check()
 * visits identifiers: operands left to right, a conditional's condition
 * before its branches.
 */
#include "config.h"

#include "cs-formula-private.h"

typedef struct
{
  const Node *node;
  guint       state;     /* how many operands are done */
  gboolean    program;   /* inside program(…) */
  guint       patch;     /* instruction whose target is filled in later */
  guint       patch2;
} Frame;

typedef struct
{
  GArray *code;          /* Instr */
  GArray *frames;        /* Frame */
  guint   depth;         /* stack depth after the code so far (straight line) */
  guint   max_depth;
} Compiler;

static guint
emit (Compiler *c,
      OpCode    op,
      int       column,
      int       depth_change)
{
  Instr in = { 0 };

  in.op = op;
  in.column = column;
  g_array_append_val (c->code, in);
  /* Read straight through, a jump's two paths meet at the same depth: the
   * branch not taken is counted as if it ran after the other (OP_COND and
   * OP_FALLBACK drop what the first path pushed, OP_JUMP too). */
  c->depth += depth_change;
  c->max_depth = MAX (c->max_depth, c->depth);
  return c->code->len - 1;
}

static Instr *
instr (Compiler *c,
       guint     index)
{
  return &g_array_index (c->code, Instr, index);
}

static void
push (Compiler   *c,
      const Node *node,
      gboolean    program)
{
  Frame f = { node, 0, program, 0, 0 };

  g_array_append_val (c->frames, f);
}

/* One step of the frame on top: emits what can be emitted now, pushes the
 * next operand or pops the frame. */
static void
step (Compiler *c)
{
  Frame *f = &g_array_index (c->frames, Frame, c->frames->len - 1);
  const Node *node = f->node;
  guint state = f->state++;
  gboolean program = f->program;
  guint i;

  switch (node->kind)
    {
    case NODE_NUMBER:
      i = emit (c, OP_NUMBER, node->column, +1);
      instr (c, i)->number = node->number;
      break;

    case NODE_IDENT:
      i = emit (c, OP_IDENT, node->column, +1);
      instr (c, i)->name = node->name;
      instr (c, i)->program = program;
      break;

    case NODE_NEG:
      if (state == 0)
        {
          push (c, node->a, program);
          return;
        }
      emit (c, OP_NEG, node->column, 0);
      break;

    case NODE_BINARY:
      if (state < 2)
        {
          push (c, state == 0 ? node->a : node->b, program);
          return;
        }
      i = emit (c, OP_BINARY, node->column, -1);
      instr (c, i)->binop = node->op;
      break;

    case NODE_COND:   /* a if b else c */
      if (state == 0)
        {
          push (c, node->b, program);
          return;
        }
      if (state == 1)
        {
          f->patch = emit (c, OP_COND, node->column, -1);
          push (c, node->a, program);
          return;
        }
      if (state == 2)
        {
          f->patch2 = emit (c, OP_JUMP, node->column, -1);
          instr (c, f->patch)->target = c->code->len;
          push (c, node->c, program);
          return;
        }
      instr (c, f->patch2)->target = c->code->len;
      instr (c, f->patch)->target2 = c->code->len;
      break;

    case NODE_CALL:
      program = program || node->func == FUNC_PROGRAM;
      if (state < node->args->len)
        {
          /* fallback(x, v): v is only evaluated when x is NaN. */
          if (node->func == FUNC_FALLBACK && state == 1)
            f->patch = emit (c, OP_FALLBACK, node->column, -1);
          push (c, g_ptr_array_index (node->args, state), program);
          return;
        }
      switch (node->func)
        {
        case FUNC_MIN:
        case FUNC_MAX:
          i = emit (c, node->func == FUNC_MIN ? OP_MIN : OP_MAX, node->column,
                    1 - (int) node->args->len);
          instr (c, i)->target = node->args->len;
          break;
        case FUNC_D_RATIO:
          emit (c, OP_D_RATIO, node->column, -1);
          break;
        case FUNC_FALLBACK:
          instr (c, f->patch)->target = c->code->len;
          break;
        case FUNC_PROGRAM:
        default:
          break;
        }
      break;

    default:
      g_assert_not_reached ();
    }
  g_array_set_size (c->frames, c->frames->len - 1);
}

void
_cs_expr_compile (CsExpr     *expr,
                  const Node *root,
                  guint       n_nodes)
{
  Compiler c = { 0 };

  /* A node is at most two instructions (a conditional: its test and the
   * jump over the other branch); sized once, not grown step by step. */
  c.code = g_array_sized_new (FALSE, FALSE, sizeof (Instr), 2 * n_nodes);
  c.frames = g_array_sized_new (FALSE, FALSE, sizeof (Frame), 32);
  push (&c, root, FALSE);
  while (c.frames->len > 0)
    step (&c);
  g_array_unref (c.frames);
  expr->n_code = c.code->len;
  expr->max_stack = MAX (c.max_depth, 1);
  expr->code = (Instr *) (gpointer) g_array_free (c.code, FALSE);
}
