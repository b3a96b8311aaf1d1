# page/diff.html.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '6864:20a13afe'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'page/diff.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_lang = resolve('lang')
    l_0_policy = resolve('policy')
    l_0_version = resolve('version')
    l_0_title = resolve('title')
    l_0_style = resolve('style')
    l_0_fill = resolve('fill')
    l_0_t = resolve('t')
    l_0_code = resolve('code')
    l_0_d = resolve('d')
    l_0_section = l_0_structure = l_0_widths = l_0_sides = missing
    pass
    def macro(l_1_s, l_1_h):
        t_1 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        if l_1_h is missing:
            l_1_h = 'h2'
        pass
        t_1.extend((
            '<',
            escape(l_1_h),
            '>',
            escape(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'first')),
            '. ',
            escape((environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading')) if environment.getattr(l_1_s, 'structure_first') else environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading')))),
            '</',
            escape(l_1_h),
            '>\n',
        ))
        if environment.getattr(l_1_s, 'bound'):
            pass
            t_1.extend((
                '<p>',
                escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'rule')), values=environment.getattr(l_1_s, 'at_values'))),
                '</p>\n',
            ))
        else:
            pass
            t_1.extend((
                '<p>',
                escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_values')),
                '</p>\n',
            ))
        if environment.getattr(l_1_s, 'structure_first'):
            pass
            t_1.append(
                escape(context.call((undefined(name='structure') if l_0_structure is missing else l_0_structure), l_1_s, environment.getattr(environment.getattr(l_1_s, 'numbers'), 'first'))),
            )
        else:
            pass
            t_1.append(
                escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), l_1_s, environment.getattr(environment.getattr(l_1_s, 'numbers'), 'first'))),
            )
        if environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second'):
            pass
            t_1.extend((
                '<',
                escape(l_1_h),
                '>',
                escape(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second')),
                '. ',
                escape((environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading')) if environment.getattr(l_1_s, 'structure_first') else environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading')))),
                '</',
                escape(l_1_h),
                '>\n',
            ))
            if environment.getattr(l_1_s, 'structure_first'):
                pass
                t_1.extend((
                    '<p>',
                    escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'rule_widths')),
                    '</p>\n',
                    escape(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), l_1_s, environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second'))),
                    '\n',
                ))
            else:
                pass
                t_1.extend((
                    escape(context.call((undefined(name='structure') if l_0_structure is missing else l_0_structure), l_1_s, environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second'))),
                    '\n',
                ))
        if environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum'):
            pass
            t_1.extend((
                '<',
                escape(l_1_h),
                '>',
                escape(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum')),
                '. ',
                escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'sum')),
                '</',
                escape(l_1_h),
                '>\n<div class="sums">\n<div class="scroll">\n<table class="by-part">\n<caption class="sr">',
                escape(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum')),
                '. ',
                escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'sum')),
                ': ',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                '</caption>\n<thead><tr><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                '</th><th scope="col" class="n">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                '</th></tr></thead>\n<tbody>\n',
            ))
            for l_2_p in environment.getattr(l_1_s, 'by_part'):
                _loop_vars = {}
                pass
                t_1.extend((
                    '<tr><td class="nowrap">',
                    escape(environment.getattr(l_2_p, 'part')),
                    '</td><td class="n">',
                    escape(environment.getattr(l_2_p, 'delta')),
                    '</td></tr>\n',
                ))
            l_2_p = missing
            t_1.extend((
                '</tbody>\n</table>\n</div>\n<div class="scroll">\n<table class="by-cause">\n<caption class="sr">',
                escape(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum')),
                '. ',
                escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'sum')),
                ': ',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                '</caption>\n<thead><tr><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                '</th><th scope="col" class="n">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                '</th></tr></thead>\n<tbody>\n',
            ))
            for l_2_c in environment.getattr(l_1_s, 'by_cause'):
                _loop_vars = {}
                pass
                t_1.extend((
                    '<tr><td class="nowrap">',
                    escape(environment.getattr(l_2_c, 'cause')),
                    '</td><td class="n">',
                    escape(environment.getattr(l_2_c, 'delta')),
                    '</td></tr>\n',
                ))
            l_2_c = missing
            t_1.extend((
                '</tbody>\n</table>\n</div>\n</div>\n<p class="final total">',
                escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'total'), delta=environment.getattr(l_1_s, 'delta'), b_count=environment.getattr(l_1_s, 'count_b'), a_count=environment.getattr(l_1_s, 'count_a'))),
                '</p>\n',
            ))
        return concat(t_1)
    context.exported_vars.add('section')
    context.vars['section'] = l_0_section = Macro(environment, macro, 'section', ('s', 'h'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s, l_1_number):
        t_2 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        if l_1_number is missing:
            l_1_number = undefined("parameter 'number' was not provided", name='number')
        pass
        if environment.getattr(l_1_s, 'structure'):
            pass
            t_2.extend((
                '<div class="scroll">\n<table class="structure">\n<caption class="sr">',
                escape(l_1_number),
                '. ',
                escape(environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading'))),
                '</caption>\n<thead><tr><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                '</th><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                '</th><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'change')),
                '</th><th scope="col" class="n">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                '</th><th scope="col" class="n">',
                escape(environment.getitem(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), environment.getattr(l_1_s, 'other_heading'))),
                '</th><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'formula')),
                '</th></tr></thead>\n<tbody>\n',
            ))
            for l_2_r in environment.getattr(l_1_s, 'structure'):
                _loop_vars = {}
                pass
                t_2.extend((
                    '<tr><td class="nowrap">',
                    escape(environment.getattr(l_2_r, 'part')),
                    '</td><td class="nowrap">',
                    escape(environment.getattr(l_2_r, 'cause')),
                    '</td><td><div class="what">',
                    escape(environment.getattr(l_2_r, 'what')),
                    '</div></td><td class="n">',
                    escape((environment.getattr(l_2_r, 'delta') or '')),
                    '</td><td class="n">',
                    escape(environment.getattr(l_2_r, 'other')),
                    '</td><td class="nowrap">',
                    escape(environment.getattr(l_2_r, 'formula')),
                    '</td></tr>\n',
                ))
            l_2_r = missing
            t_2.append(
                '</tbody>\n</table>\n</div>\n',
            )
        else:
            pass
            t_2.extend((
                '<p>',
                escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_change')),
                '</p>\n',
            ))
        return concat(t_2)
    context.exported_vars.add('structure')
    context.vars['structure'] = l_0_structure = Macro(environment, macro, 'structure', ('s', 'number'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s, l_1_number):
        t_3 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        if l_1_number is missing:
            l_1_number = undefined("parameter 'number' was not provided", name='number')
        pass
        if environment.getattr(l_1_s, 'widths'):
            pass
            t_3.extend((
                '<div class="scroll">\n<table class="widths">\n<caption class="sr">',
                escape(l_1_number),
                '. ',
                escape(environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading'))),
                '</caption>\n<thead><tr><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'step')),
                '</th><th scope="col">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                '</th><th scope="col" class="n">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                '</th></tr></thead>\n<tbody>\n',
            ))
            for l_2_r in environment.getattr(l_1_s, 'widths'):
                _loop_vars = {}
                pass
                t_3.extend((
                    '<tr><td class="nowrap">',
                    escape(environment.getattr(l_2_r, 'steps')),
                    '</td><td class="nowrap">',
                    escape(environment.getattr(l_2_r, 'part')),
                    '</td><td class="n">',
                    escape(environment.getattr(l_2_r, 'delta')),
                    '</td></tr>\n',
                ))
            l_2_r = missing
            t_3.append(
                '</tbody>\n</table>\n</div>\n',
            )
        else:
            pass
            t_3.extend((
                '<p>',
                escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_change')),
                '</p>\n',
            ))
        return concat(t_3)
    context.exported_vars.add('widths')
    context.vars['widths'] = l_0_widths = Macro(environment, macro, 'widths', ('s', 'number'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_count_a, l_1_count_b):
        t_4 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_count_a is missing:
            l_1_count_a = None
        if l_1_count_b is missing:
            l_1_count_b = None
        pass
        t_4.extend((
            '<div class="sides">\n<div class="side" data-side="a">\n<h3>A: ',
            escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a'))),
            '</h3>\n',
            escape(environment.getattr(l_1_x, 'closed_a')),
            '\n',
        ))
        if l_1_count_a:
            pass
            t_4.extend((
                '<p class="count"><span class="what">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count')),
                '</span> <span class="n">',
                escape(l_1_count_a),
                '</span></p>',
            ))
        t_4.extend((
            '</div>\n<div class="side" data-side="b">\n<h3>B: ',
            escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b'))),
            '</h3>\n',
            escape(environment.getattr(l_1_x, 'closed_b')),
            '\n',
        ))
        if l_1_count_b:
            pass
            t_4.extend((
                '<p class="count"><span class="what">',
                escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count')),
                '</span> <span class="n">',
                escape(l_1_count_b),
                '</span></p>',
            ))
        t_4.append(
            '</div>\n</div>\n',
        )
        return concat(t_4)
    context.exported_vars.add('sides')
    context.vars['sides'] = l_0_sides = Macro(environment, macro, 'sides', ('x', 'count_a', 'count_b'), False, False, False, context.eval_ctx.autoescape)
    yield '<!DOCTYPE html>\n<html lang="'
    yield escape((undefined(name='lang') if l_0_lang is missing else l_0_lang))
    yield '">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="'
    yield escape((undefined(name='policy') if l_0_policy is missing else l_0_policy))
    yield '">\n<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="generator" content="symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '">\n<title>'
    yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
    yield '</title>\n<style>'
    yield escape((undefined(name='style') if l_0_style is missing else l_0_style))
    yield '</style>\n</head>\n<body class="diff">\n<header>\n<h1>'
    yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'title'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b'))))
    yield '</h1>\n<p class="lede">'
    yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'intro'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b'))))
    yield '</p>\n<p>'
    yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'models'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), a_label=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'label_a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')), b_label=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'label_b'))))
    yield '</p>\n</header>\n<main>\n<section id="closed-forms">\n<h2>1. '
    yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'closed_forms'))
    yield '</h2>\n'
    yield escape(context.call((undefined(name='sides') if l_0_sides is missing else l_0_sides), (undefined(name='d') if l_0_d is missing else l_0_d), (environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_a') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'bound') else None), (environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_b') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'bound') else None)))
    yield '\n<p>'
    yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'difference'))
    yield '</p>\n'
    yield escape(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'difference'))
    yield '\n'
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'bound'):
        pass
        yield '<div class="scroll">\n<table class="counts">\n<caption class="sr">'
        yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'model'))
        yield ', '
        yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count'))
        yield '</caption>\n<thead><tr><th scope="col">'
        yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'model'))
        yield '</th><th scope="col" class="n">'
        yield escape(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count'))
        yield '</th></tr></thead>\n<tbody>\n<tr><td>A: '
        yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')))
        yield '</td><td class="n">'
        yield escape(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_a'))
        yield '</td></tr>\n<tr><td>B: '
        yield escape(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')))
        yield '</td><td class="n">'
        yield escape(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_b'))
        yield '</td></tr>\n<tr><td>B − A</td><td class="n">'
        yield escape(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'delta'))
        yield '</td></tr>\n</tbody>\n</table>\n</div>\n'
    yield '</section>\n<section id="params">\n'
    yield escape(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params')))
    yield '\n</section>\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends'):
        pass
        yield '<section id="depends">\n<h2>'
        yield escape(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends_number'))
        yield '. '
        yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'depends'))
        yield '</h2>\n<ul class="formulas">\n'
        for l_1_x in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends'):
            _loop_vars = {}
            pass
            yield '<li>'
            yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), (environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'matters') if environment.getattr(l_1_x, 'kind') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_symbol')), symbol=environment.getattr(l_1_x, 'symbol'), model=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_x, 'model'), _loop_vars=_loop_vars), other=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_x, 'other'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            if environment.getattr(l_1_x, 'kind'):
                pass
                yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap'))
                yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), markup_join(('drop_', environment.getattr(l_1_x, 'kind'), ))), symbol=environment.getattr(l_1_x, 'symbol'), assumption=environment.getattr(l_1_x, 'assumption'), whole=environment.getattr(l_1_x, 'whole'), _loop_vars=_loop_vars))
            for l_2_chain in environment.getattr(l_1_x, 'chains'):
                _loop_vars = {}
                pass
                yield '<br>'
                yield escape(l_2_chain)
            l_2_chain = missing
            yield '</li>\n'
        l_1_x = missing
        yield '</ul>\n</section>\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'):
        pass
        yield '<section id="flops">\n<h2>'
        yield escape(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'number'))
        yield '. '
        yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'compute'))
        yield '</h2>\n<p>'
        yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'compute_intro'), batch=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'batch'), seq=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'seq'), command=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam flops')))
        yield '</p>\n'
        yield escape(context.call((undefined(name='sides') if l_0_sides is missing else l_0_sides), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'count_a'), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'count_b')))
        yield '\n'
        yield escape(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'h3'))
        yield '\n</section>\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'):
        pass
        yield '<section id="cache">\n<h2>'
        yield escape(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'number'))
        yield '. '
        yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'cache'))
        yield '</h2>\n<p>'
        yield escape(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'cache_intro'), seq=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'seq')))
        yield '</p>\n'
        yield escape(context.call((undefined(name='sides') if l_0_sides is missing else l_0_sides), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'count_a'), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'count_b')))
        yield '\n'
        yield escape(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'h3'))
        yield '\n</section>\n'
    yield '</main>\n<footer>\n<p>'
    yield escape(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
    yield ' <span class="version">symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '</span></p>\n</footer>\n</body>\n</html>\n'

blocks = {}
debug_info = '5=21&6=30&7=39&8=43&10=50&12=53&13=63&14=67&15=76&16=80&17=82&19=88&22=91&23=95&27=103&28=109&30=114&31=119&38=127&39=133&41=138&42=143&48=151&51=157&52=164&55=168&56=172&58=185&59=190&65=211&68=217&69=224&72=228&73=232&75=239&76=244&82=259&85=265&88=276&89=278&90=281&93=292&94=294&95=297&100=313&103=315&106=317&107=319&108=321&112=323&113=325&114=327&118=329&119=331&120=333&121=335&122=337&125=340&126=344&128=348&129=352&130=356&137=359&139=361&141=364&143=368&144=372&149=386&151=389&152=393&153=395&154=397&157=399&159=402&160=406&161=408&162=410&167=413'
