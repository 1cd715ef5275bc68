/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-stacks.h — the call stacks of a recording, interned
 *
 * A frame is one address of a stack (the sampled ip or a return address) as
 * the profile keys it: (module, file offset; the run-time address for the
 * kernel). Each distinct frame is stored once. A stack is a node of a
 * prefix tree whose root side is the outermost caller: a node is (its
 * caller's node, its frame), so stacks that share their callers share their
 * nodes, and a sample's whole stack is one 32-bit node id (0: the empty
 * stack). A recording of 650 000 samples from two busy programs has a few
 * thousand nodes.
 *
 * Node ids grow as nodes are added and a node is always added after its
 * caller: walking ids upwards visits callers before callees.
 *
 * A stack source is such a tree plus, per sample, the node of its innermost
 * frame: the recorded call chains are one (cs_profile_get_call_stacks());
 * stacks unwound from a copy of the user stack can be another, and the call
 * graph (cs-call-graph.h) is built the same way from either.
 *
 * After a profile is loaded, each frame also knows the functions it stands
 * for (cs_call_stacks_get_frame_functions()): the function the compiler
 * emitted, then the functions inlined into it at that address, outermost
 * first.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 offset;     /* the profile's key: file offset (kernel: address) */
  guint32 module;     /* the profile's raw module index */
  guint32 flags;      /* CS_CALL_FRAME_* */
} CsCallFrame;

/* The frame came after PERF_CONTEXT_KERNEL: a kernel address. */
#define CS_CALL_FRAME_KERNEL 1u

typedef struct
{
  guint32 caller;     /* node id of the stack without this frame, 0: none */
  guint32 frame;      /* index of its innermost frame */
} CsCallStackNode;

typedef struct _CsCallStacks CsCallStacks;

CsCallStacks          *cs_call_stacks_new                 (void);
void                   cs_call_stacks_free                (CsCallStacks *self);

/* The index of the frame (@module, @offset), added when new. */
guint32                cs_call_stacks_add_frame           (CsCallStacks *self,
                                                           guint32       module,
                                                           guint64       offset,
                                                           guint32       flags);
/* The node of the stack @caller extended by @frame, added when new. */
guint32                cs_call_stacks_add_node            (CsCallStacks *self,
                                                           guint32       caller,
                                                           guint32       frame);

guint                  cs_call_stacks_get_n_frames        (const CsCallStacks *self);
const CsCallFrame     *cs_call_stacks_get_frame           (const CsCallStacks *self,
                                                           guint32             frame);
/* Nodes including the empty stack 0. */
guint                  cs_call_stacks_get_n_nodes         (const CsCallStacks *self);
const CsCallStackNode *cs_call_stacks_get_node            (const CsCallStacks *self,
                                                           guint32             node);
/* Bytes held, for the memory figures of the benchmarks. */
gsize                  cs_call_stacks_get_memory_size     (const CsCallStacks *self);

/* The functions (cs_profile_get_function() indices) @frame stands for,
 * outermost first; *@n_functions 0 until the profile resolved the frames. */
const guint32         *cs_call_stacks_get_frame_functions (const CsCallStacks *self,
                                                           guint32             frame,
                                                           guint              *n_functions);
/* Sets what cs_call_stacks_get_frame_functions() returns (the profile does
 * this when it resolves the frames): @functions holds, for frame i, the
 * entries @starts[i] … @starts[i + 1] - 1. Takes both arrays. */
void                   cs_call_stacks_set_frame_functions (CsCallStacks *self,
                                                           guint32      *starts,
                                                           guint32      *functions);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsCallStacks, cs_call_stacks_free)

G_END_DECLS
