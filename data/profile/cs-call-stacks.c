/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-stacks.c — frames and the prefix tree of stacks
 *
 * Both tables are open addressing with linear probing over 32-bit slots
 * (index + 1, 0 empty), entries stored contiguously, at most half full, as
 * the profile's key table (cs-profile-keys.c): every frame of every sample
 * passes through here while a file is read.
 */
#include "config.h"

#include <string.h>

#include "cs-call-stacks.h"

#define INITIAL_SLOTS 1024

typedef struct
{
  guint32 *slots;
  guint    n_slots;    /* power of two */
} Slots;

struct _CsCallStacks
{
  CsCallFrame     *frames;
  guint            n_frames;
  guint            frames_cap;
  Slots            frame_slots;

  CsCallStackNode *nodes;
  guint            n_nodes;
  guint            nodes_cap;
  Slots            node_slots;

  guint32         *function_starts;   /* [n_frames + 1] once resolved */
  guint32         *functions;
};

static inline guint32
hash_frame (guint32 module,
            guint64 offset)
{
  guint64 h = offset * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^
              (guint64) module * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f);

  return (guint32) (h >> 32) ^ (guint32) h;
}

static inline guint32
hash_node (guint32 caller,
           guint32 frame)
{
  guint64 h = ((guint64) caller << 32 | frame) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  return (guint32) (h >> 32) ^ (guint32) h;
}

static void
slots_init (Slots *s)
{
  s->n_slots = INITIAL_SLOTS;
  s->slots = g_new0 (guint32, s->n_slots);
}

CsCallStacks *
cs_call_stacks_new (void)
{
  CsCallStacks *self = g_new0 (CsCallStacks, 1);

  slots_init (&self->frame_slots);
  slots_init (&self->node_slots);
  self->frames_cap = INITIAL_SLOTS / 2;
  self->frames = g_new (CsCallFrame, self->frames_cap);
  self->nodes_cap = INITIAL_SLOTS / 2;
  self->nodes = g_new (CsCallStackNode, self->nodes_cap);
  /* node 0: the empty stack */
  self->nodes[0].caller = 0;
  self->nodes[0].frame = G_MAXUINT32;
  self->n_nodes = 1;
  return self;
}

void
cs_call_stacks_free (CsCallStacks *self)
{
  if (self == NULL)
    return;
  g_free (self->frames);
  g_free (self->frame_slots.slots);
  g_free (self->nodes);
  g_free (self->node_slots.slots);
  g_free (self->function_starts);
  g_free (self->functions);
  g_free (self);
}

static void
grow_frame_slots (CsCallStacks *self)
{
  guint n = self->frame_slots.n_slots * 2;
  guint32 *slots = g_new0 (guint32, n);

  for (guint i = 0; i < self->n_frames; i++)
    {
      guint s = hash_frame (self->frames[i].module, self->frames[i].offset) & (n - 1);

      while (slots[s] != 0)
        s = (s + 1) & (n - 1);
      slots[s] = i + 1;
    }
  g_free (self->frame_slots.slots);
  self->frame_slots.slots = slots;
  self->frame_slots.n_slots = n;
}

static void
grow_node_slots (CsCallStacks *self)
{
  guint n = self->node_slots.n_slots * 2;
  guint32 *slots = g_new0 (guint32, n);

  for (guint i = 1; i < self->n_nodes; i++)
    {
      guint s = hash_node (self->nodes[i].caller, self->nodes[i].frame) & (n - 1);

      while (slots[s] != 0)
        s = (s + 1) & (n - 1);
      slots[s] = i;
    }
  g_free (self->node_slots.slots);
  self->node_slots.slots = slots;
  self->node_slots.n_slots = n;
}

guint32
cs_call_stacks_add_frame (CsCallStacks *self,
                          guint32       module,
                          guint64       offset,
                          guint32       flags)
{
  guint mask = self->frame_slots.n_slots - 1;
  guint s = hash_frame (module, offset) & mask;
  CsCallFrame *f;

  for (;;)
    {
      guint32 idx = self->frame_slots.slots[s];

      if (idx == 0)
        break;
      f = &self->frames[idx - 1];
      if (f->offset == offset && f->module == module)
        return idx - 1;
      s = (s + 1) & mask;
    }

  if (self->n_frames == self->frames_cap)
    {
      self->frames_cap *= 2;
      self->frames = g_renew (CsCallFrame, self->frames, self->frames_cap);
    }
  f = &self->frames[self->n_frames++];
  f->offset = offset;
  f->module = module;
  f->flags = flags;
  self->frame_slots.slots[s] = self->n_frames;
  if (self->n_frames * 2 > self->frame_slots.n_slots)
    grow_frame_slots (self);
  return self->n_frames - 1;
}

guint32
cs_call_stacks_add_node (CsCallStacks *self,
                         guint32       caller,
                         guint32       frame)
{
  guint mask = self->node_slots.n_slots - 1;
  guint s = hash_node (caller, frame) & mask;
  CsCallStackNode *n;

  g_return_val_if_fail (caller < self->n_nodes, 0);
  for (;;)
    {
      guint32 idx = self->node_slots.slots[s];

      if (idx == 0)
        break;
      n = &self->nodes[idx];
      if (n->frame == frame && n->caller == caller)
        return idx;
      s = (s + 1) & mask;
    }

  if (self->n_nodes == self->nodes_cap)
    {
      self->nodes_cap *= 2;
      self->nodes = g_renew (CsCallStackNode, self->nodes, self->nodes_cap);
    }
  n = &self->nodes[self->n_nodes++];
  n->caller = caller;
  n->frame = frame;
  /* node ids are never 0 here, so the id itself marks a used slot */
  self->node_slots.slots[s] = self->n_nodes - 1;
  if (self->n_nodes * 2 > self->node_slots.n_slots)
    grow_node_slots (self);
  return self->n_nodes - 1;
}

guint
cs_call_stacks_get_n_frames (const CsCallStacks *self)
{
  return self->n_frames;
}

const CsCallFrame *
cs_call_stacks_get_frame (const CsCallStacks *self,
                          guint32             frame)
{
  g_return_val_if_fail (frame < self->n_frames, NULL);
  return &self->frames[frame];
}

guint
cs_call_stacks_get_n_nodes (const CsCallStacks *self)
{
  return self->n_nodes;
}

const CsCallStackNode *
cs_call_stacks_get_node (const CsCallStacks *self,
                         guint32             node)
{
  g_return_val_if_fail (node < self->n_nodes, NULL);
  return &self->nodes[node];
}

gsize
cs_call_stacks_get_memory_size (const CsCallStacks *self)
{
  gsize n = sizeof *self;

  n += (gsize) self->frames_cap * sizeof (CsCallFrame) + self->frame_slots.n_slots * 4;
  n += (gsize) self->nodes_cap * sizeof (CsCallStackNode) + self->node_slots.n_slots * 4;
  if (self->function_starts != NULL)
    n += ((gsize) self->n_frames + 1) * 4 + (gsize) self->function_starts[self->n_frames] * 4;
  return n;
}

const guint32 *
cs_call_stacks_get_frame_functions (const CsCallStacks *self,
                                    guint32             frame,
                                    guint              *n_functions)
{
  g_return_val_if_fail (frame < self->n_frames, NULL);

  if (self->function_starts == NULL)
    {
      *n_functions = 0;
      return NULL;
    }
  *n_functions = self->function_starts[frame + 1] - self->function_starts[frame];
  return self->functions + self->function_starts[frame];
}

void
cs_call_stacks_set_frame_functions (CsCallStacks *self,
                                    guint32      *starts,
                                    guint32      *functions)
{
  g_free (self->function_starts);
  g_free (self->functions);
  self->function_starts = starts;
  self->functions = functions;
}
